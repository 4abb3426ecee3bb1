import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createServerDatabase } from '../../tests/helpers/postgres.ts';
import { serverNodeFlags } from '../../src/server/node-flags.ts';

const root = resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** The secret benchmark servers use when none is set (production with DATABASE_URL needs one). */
export const benchAppSecret = process.env.APP_SECRET ?? 'benchmarks-only-secret-not-for-production';

export type ServerProcess = Awaited<ReturnType<typeof serverProcess>>;

/**
 * A real server process (`src/server/server.ts`, production mode, PayFast simulator mode with
 * the given validate endpoint) on a free port of 127.0.0.1, with a database of its own: embedded
 * PGlite in a fresh temporary folder, or, when DATABASE_URL is set, a new database created on
 * that PostgreSQL server for this run (the one DATABASE_URL names is never written to). `close`
 * stops the process and removes both. Whatever happens, no server is left running at exit.
 */
export async function serverProcess(options: {
  name: string;
  validateUrl: string;
  /** Where the embedded database's temporary folder goes (the system's temp folder if unset). */
  dataParent?: string;
  /** More settings for the server (WEB_CONCURRENCY, …). */
  env?: Record<string, string>;
}) {
  const dataDir = mkdtempSync(join(options.dataParent ?? tmpdir(), `sebenza-${options.name}-`));
  const dedicated = process.env.DATABASE_URL
    ? await createServerDatabase({
        serverUrl: process.env.DATABASE_URL,
        prefix: `bench_${options.name.replace(/\W/g, '_')}`,
      })
    : null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ...(dedicated ? { DATABASE_URL: dedicated.url } : {}),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ALLOW: '127.0.0.1',
    PAYFAST_MODE: 'simulator',
    PAYFAST_VALIDATE_URL: options.validateUrl,
    APP_SECRET: benchAppSecret,
    ...options.env,
  };
  let child: ChildProcess | undefined;
  process.on('exit', () => child?.kill('SIGKILL'));
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function stop(): Promise<void> {
    if (!running()) return;
    const stopping = child!;
    const exited = new Promise((done) => stopping.once('exit', done));
    stopping.kill('SIGTERM');
    await exited;
  }

  return {
    base,
    /** Starts the server (again); resolves once /api/health answers. */
    async start(): Promise<void> {
      child = spawn(process.execPath, [...serverNodeFlags, 'src/server/server.ts'], {
        cwd: root,
        env,
        stdio: 'inherit',
      });
      for (let i = 0; i < 300; i++) {
        if (!running()) break;
        const up = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the server did not start');
    },
    /** A crash: SIGKILL, nothing finishes. */
    kill: () => child?.kill('SIGKILL'),
    /** SIGTERM (in-flight requests and the claimed jobs finish) and waits for the exit. */
    stop,
    post: (path: string, body: string, type: string, cookie = '') =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type, cookie }, body }),
    get: <T>(path: string, cookie = '') =>
      fetch(`${base}${path}`, { headers: { cookie } }).then((r) => r.json() as Promise<T>),
    /** The server's database, to inspect; the embedded one only once the server has stopped. */
    openDatabase: (): Database =>
      openDatabase({ databaseUrl: dedicated?.url, dataDir: join(dataDir, 'db') }),
    /** Stops the server and removes its folder and its database. */
    async close(): Promise<void> {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dedicated?.drop();
    },
  };
}
