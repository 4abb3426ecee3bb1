import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { freshDatabase } from '../../../tests/helpers/test-app.ts';
import type { AppInstance } from '../app-instance.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { serverTimeouts } from './server-timeouts.ts';

/**
 * Slow senders on a real listening server (issue 25 §4): the limits are shortened for the test
 * (headers 0.5 s, whole request 1 s, checked every 0.1 s); production uses `serverTimeouts`.
 */
const limits = { headersMs: 500, requestMs: 1000, checkEveryMs: 100 };
/** The most a cut may come after its limit here: one check, and a busy 2-core machine. */
const slack = 700;

let app: AppInstance;
let database: Database;
let drop: () => Promise<void>;
let port: number;

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: './tests/no-client-build',
    PAYFAST_MODE: 'simulator',
    // Twenty senders from one address: the contact form's rate limit would answer them first.
    RATE_LIMIT_ALLOW: '127.0.0.1',
  });

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  app = await buildApp(config(), { database, logger: false, timeouts: limits });
  app.get('/test/slow-answer', async () => {
    await new Promise((resolve) => setTimeout(resolve, limits.requestMs + 500));
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

/**
 * A raw connection that sends `head` at once, then `drip` one byte every `everyMs` until the
 * server closes it: what the server sent, and when it closed (ms after connecting).
 */
function slowClient(
  head: string,
  drip = '',
  everyMs = 200,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 10 s; got ${JSON.stringify(answer)}`));
    }, 10_000);
    socket.on('connect', () => {
      if (head) socket.write(head);
      let i = 0;
      if (drip) {
        timer = setInterval(() => {
          if (i < drip.length && socket.writable) socket.write(drip[i++]!);
        }, everyMs);
      }
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('HTTP server timeouts', () => {
  it('states its production limits: headers 10 s, whole request 60 s, checked every second', () => {
    expect(serverTimeouts).toEqual({ headersMs: 10_000, requestMs: 60_000, checkEveryMs: 1_000 });
  });

  it('puts the limits on the listening server', () => {
    expect(app.server.headersTimeout).toBe(limits.headersMs);
    expect(app.server.requestTimeout).toBe(limits.requestMs);
  });

  it('cuts off a body sent a byte at a time with 408 once the request limit passes', async () => {
    const { answer, closedAfterMs } = await slowClient(
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`,
      `{"name":"${'x'.repeat(480)}"}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(bodyOf(answer)).toEqual({
      error: 'The request arrived too slowly and was cut off. Please send it again.',
      code: 'REQUEST_TIMEOUT',
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(limits.requestMs - 50);
    expect(closedAfterMs).toBeLessThan(limits.requestMs + slack);
  });

  it('cuts off headers sent a byte at a time once the header limit passes', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'GET /api/health HTTP/1.1\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      50,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(closedAfterMs).toBeLessThan(limits.headersMs + slack);
  });

  it('closes a connection that sends nothing within the header limit', async () => {
    const { closedAfterMs } = await slowClient('');
    expect(closedAfterMs).toBeLessThan(limits.headersMs + slack);
  });

  it('lets 20 slow senders at once all be cut off in time, and still serves others', async () => {
    const slow = Array.from({ length: 20 }, () =>
      slowClient(
        `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
        'x'.repeat(100),
        300,
      ),
    );
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const results = await Promise.all(slow);
    for (const result of results) {
      expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(result.closedAfterMs).toBeLessThan(limits.requestMs + slack);
    }
  });

  it('never cuts a request that arrived in time, however long its route then takes', async () => {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/test/slow-answer`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThan(limits.requestMs);
  });
});
