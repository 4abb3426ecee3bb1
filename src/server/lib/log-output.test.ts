import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/helpers/free-port.ts';
import { logOutput } from './log-output.ts';

/**
 * What a newcomer's console shows (issue 28 §7): in development one readable line per event, in
 * production pino's JSON lines; either way the start says the site's address, where mail is read
 * without SMTP, and the one-time administrator set-up link.
 */
const root = resolve(import.meta.dirname, '../../..');
const servers: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((done) => {
          if (server.exitCode !== null) return done(null);
          server.once('exit', done);
          server.kill('SIGTERM');
        }),
    ),
  );
});

/** The server's own entry point without SMTP; answers its output once it serves and answered. */
async function startLog(env: 'development' | 'production'): Promise<{ port: number; log: string }> {
  const port = await freePort();
  const machine = { ...process.env };
  delete machine.SMTP_URL;
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    env: {
      ...machine,
      NODE_ENV: env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: 'memory://',
      PAYFAST_MODE: 'simulator',
      CLIENT_DIR: './tests/no-client-build',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  let log = '';
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect.poll(() => log, { timeout: 90_000, interval: 200 }).toContain('is serving on');
  expect((await fetch(`http://127.0.0.1:${port}/api/no-such-thing`)).status).toBe(404);
  await expect.poll(() => log, { timeout: 10_000 }).toContain('/api/no-such-thing');
  return { port, log };
}

describe('the console', () => {
  it('in development, one readable line per event with the address, the outbox and the set-up link', async () => {
    const { port, log } = await startLog('development');
    const lines = log.trim().split('\n');
    expect(lines.every((line) => /^\[\d\d:\d\d:\d\d\] (INFO|WARN|ERROR)/.test(line))).toBe(true);
    expect(log).not.toContain('{"level"');
    const site = `http://127.0.0.1:${port}`;
    expect(log).toContain(`INFO: Sebenza Digital is serving on ${site}`);
    expect(log).toContain(
      `WARN: No SMTP_URL: mail is kept in the outbox, not sent. Read it, with working links, at ${site}/admin/outbox`,
    );
    expect(log).toMatch(
      new RegExp(
        `WARN: No administrator exists yet\\. Create the first one at ${site}/admin/setup\\?token=[\\w-]{20,} `,
      ),
    );
    expect(log).toMatch(/INFO: GET \/api\/no-such-thing 404 \d+ ms/);
  }, 120_000);

  it('in production, JSON lines that say the same', async () => {
    const { port, log } = await startLog('production');
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    const messages = lines.map((line) => line.msg);
    const site = `http://127.0.0.1:${port}`;
    expect(messages).toContain(`Sebenza Digital is serving on ${site} (pglite)`);
    expect(
      messages.some((m) => m.startsWith('No SMTP_URL') && m.includes(`${site}/admin/outbox`)),
    ).toBe(true);
    expect(messages.some((m) => m.includes(`${site}/admin/setup?token=`))).toBe(true);
  }, 120_000);

  it('writes the cluster primary’s JSON lines through the same printer in development', async () => {
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const pretty = await logOutput('pretty', sink);
    pretty!.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, msg: 'Starting 2 workers' })}\n`,
    );
    await expect.poll(() => text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Starting 2 workers\n$/);
    expect(await logOutput('json')).toBeUndefined();
  });
});
