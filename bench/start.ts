import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverNodeFlags } from '../src/server/node-flags.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { createServerDatabase } from '../tests/helpers/postgres.ts';
import { benchAppSecret } from './lib/server-process.ts';

/**
 * How soon the built server answers its first request (GET /api/health 200) from the moment its
 * process starts: on a brand-new embedded DATA_DIR (goal ≤ 5 s), then restarted on the same one
 * (goal ≤ 3 s); and how much memory it holds idle, 10 s after its first answer, on the embedded
 * database (goal ≤ 400 MB) and on PostgreSQL (goal ≤ 150 MB; DATABASE_URL names the server, a
 * new database is made on it for the run). Build first: npm run build.
 * Usage: npm run bench:start [-- rounds]
 */
const rounds = Number(process.argv[2] ?? 3);
const root = resolve(import.meta.dirname, '..');
const idleMs = 10_000;

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function firstAnswer(
  env: Record<string, string>,
  options: { idleRss?: boolean } = {},
): Promise<{ seconds: number; rssMb?: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [...serverNodeFlags, join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.status === 200) break;
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      await new Promise((done) => setTimeout(done, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    if (!options.idleRss) return { seconds };
    await new Promise((done) => setTimeout(done, idleMs));
    return { seconds, rssMb: residentMb(server.pid!) };
  } finally {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
}

const fresh: number[] = [];
const again: number[] = [];
const embeddedRss: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sebenza-start-'));
  try {
    fresh.push((await firstAnswer({ DATA_DIR: dataDir, DATABASE_URL: '' })).seconds);
    const restart = await firstAnswer({ DATA_DIR: dataDir, DATABASE_URL: '' }, { idleRss: true });
    again.push(restart.seconds);
    embeddedRss.push(restart.rssMb!);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const postgresRss: number[] = [];
if (process.env.DATABASE_URL) {
  const database = await createServerDatabase({
    serverUrl: process.env.DATABASE_URL,
    prefix: 'bench_start',
  });
  try {
    for (let round = 0; round < rounds; round += 1) {
      const env = { DATABASE_URL: database.url, APP_SECRET: benchAppSecret, WEB_CONCURRENCY: '1' };
      postgresRss.push((await firstAnswer(env, { idleRss: true })).rssMb!);
    }
  } finally {
    await database.drop();
  }
}

const show = (name: string, values: number[], unit: string, goal: number) => {
  const worst = Math.max(...values);
  console.log(
    `${name.padEnd(26)} ${values.map((v) => `${v.toFixed(unit === 's' ? 2 : 0)} ${unit}`).join('  ')}  (goal ≤ ${goal} ${unit}: ${worst <= goal ? 'OK' : 'OVER'})`,
  );
};
show('new DATA_DIR', fresh, 's', 5);
show('restart', again, 's', 3);
show('idle RSS, embedded', embeddedRss, 'MB', 400);
if (postgresRss.length) show('idle RSS, PostgreSQL', postgresRss, 'MB', 150);
else console.log('idle RSS, PostgreSQL: set DATABASE_URL to measure');
