import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/helpers/free-port.ts';
import { createServerDatabase } from '../../../tests/helpers/postgres.ts';

/**
 * `WEB_CONCURRENCY=2` on PostgreSQL, as production runs it: the real entry point, a primary and
 * two workers sharing one port; a worker killed is replaced, SIGHUP reloads them one at a time
 * while requests keep coming, and SIGTERM stops everything (issue 27 §2).
 */
const root = resolve(import.meta.dirname, '../../..');
let primary: ChildProcess;
let drop: () => Promise<void>;
let port: number;
let logs = '';

/** The pids of the workers that said they serve, in order. */
const servingPids = () =>
  [...logs.matchAll(/\{"level":30,"time":\d+,"pid":(\d+)[^\n]*is serving on/g)].map((m) =>
    Number(m[1]),
  );

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${what} did not happen within ${ms / 1000} s:\n${logs}`);
}

const health = () =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.status,
    () => 0,
  );

beforeAll(async () => {
  const database = await createServerDatabase({ prefix: 'cluster' });
  drop = database.drop;
  port = await freePort();
  primary = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url,
      APP_SECRET: 'cluster-test-secret-cluster-test-secret',
      WEB_CONCURRENCY: '2',
      PAYFAST_MODE: 'simulator',
      CLIENT_DIR: './tests/no-client-build',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  primary.stderr!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  await until('two workers serving', () => servingPids().length >= 2);
}, 90_000);

afterAll(async () => {
  if (primary && primary.exitCode === null) {
    const exited = new Promise((done) => primary.once('exit', done));
    primary.kill('SIGKILL');
    await exited;
  }
  await drop?.();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WEB_CONCURRENCY=2', () => {
  it('serves from two workers and replaces one that dies', async () => {
    const [first, second] = servingPids();
    expect(first).not.toBe(second);
    expect(await health()).toBe(200);
    // One scrape, whichever worker takes it, counts both: the primary sums them.
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/^sebenza_metrics_processes 2$/m);
    process.kill(first!, 'SIGKILL');
    await until('a third worker serving', () => servingPids().length >= 3);
    expect(logs).toContain(`Worker ${first} died (SIGKILL): starting another`);
    expect(await health()).toBe(200);
  }, 90_000);

  it('completes a simulator payment page on another worker than the one that opened it', async () => {
    // Each request on a connection of its own: the primary hands new connections out in turn.
    const post = (path: string, body: string, type: string, cookie = '') =>
      new Promise<{ status: number; text: string; cookie: string }>((done, fail) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            agent: false,
            headers: {
              ...(body ? { 'content-type': type } : {}),
              cookie,
              origin: `http://127.0.0.1:${port}`,
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () =>
              done({
                status: response.statusCode ?? 0,
                text,
                cookie: (response.headers['set-cookie']?.[0] ?? '').split(';')[0]!,
              }),
            );
          },
        );
        request.on('error', fail);
        request.end(body);
      });
    const json = 'application/json';
    const { cookie } = await post(
      '/api/register',
      JSON.stringify({
        fullName: 'Lindiwe Workers',
        email: `workers.${Date.now()}@example.co.za`,
        password: 'a long enough passphrase',
      }),
      json,
    );
    for (let round = 0; round < 4; round += 1) {
      const order = await post(
        '/api/orders',
        JSON.stringify({ items: [{ type: 'package', packageId: 'website-business' }] }),
        json,
        cookie,
      );
      const { reference } = JSON.parse(order.text) as { reference: string };
      const started = await post(`/api/orders/${reference}/payfast`, '', json, cookie);
      expect(started.status, started.text).toBe(200);
      const form = JSON.parse(started.text) as { action: string; fields: Record<string, string> };
      const page = await post(
        new URL(form.action, `http://127.0.0.1:${port}`).pathname,
        new URLSearchParams(form.fields).toString(),
        'application/x-www-form-urlencoded',
      );
      const session = /name="session" value="([^"]+)"/.exec(page.text)?.[1];
      expect(session, page.text).toBeDefined();
      const completed = await post(
        '/payfast-simulator/eng/complete',
        new URLSearchParams({ session: session!, outcome: 'complete' }).toString(),
        'application/x-www-form-urlencoded',
      );
      expect(completed.status, completed.text).toBe(303);
    }
  }, 60_000);

  it('reloads one worker at a time on SIGHUP without a failed request', async () => {
    const before = servingPids().filter(alive);
    expect(before).toHaveLength(2);
    const statuses: number[] = [];
    let reloaded = false;
    const load = async () => {
      while (!reloaded) statuses.push(await health());
    };
    const loaders = [load(), load(), load(), load()];
    primary.kill('SIGHUP');
    await until('the reload to finish', () => logs.includes('Reload finished'));
    reloaded = true;
    await Promise.all(loaders);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const after = servingPids().filter(alive);
    expect(after).toHaveLength(2);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
  }, 90_000);

  it('stops every worker on SIGTERM', async () => {
    const workers = servingPids().filter(alive);
    const exited = new Promise<number | null>((done) => primary.once('exit', done));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  }, 30_000);
});
