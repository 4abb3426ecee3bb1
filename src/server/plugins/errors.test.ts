import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * The error PGlite raised when its disk filled up (recorded from a server whose data folder sat on
 * a full tmpfs; `npm run bench:full-disk` reproduces it end to end), as the driver hands it on.
 */
const diskFull = Object.assign(
  new Error('could not extend file "base/5/16472_fsm": No space left on device'),
  { code: '53100', severity: 'ERROR' },
);
const wrapped = Object.assign(new Error('Failed query: insert into "users" …'), {
  cause: diskFull,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/test/disk-full', () => {
    throw wrapped;
  });
  // A driver's error with this SQLSTATE (or system code) under a query's, as Drizzle wraps it.
  t.app.get<{ Querystring: { code: string; message: string } }>('/test/failure', (request) => {
    const { code, message } = request.query;
    throw Object.assign(new Error('Failed query: select 1'), {
      cause: Object.assign(new Error(message), { code }),
    });
  });
  t.app.get('/test/bug', () => {
    throw new Error('a plain bug');
  });
});
afterAll(() => t.close());

describe('the error handler', () => {
  it('answers 503 with Retry-After when the database is out of space, not a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/disk-full' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({
      error: 'The service cannot save anything right now. Please try again in a few minutes.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('then has /api/health say the database is full, while it still answers (reads work)', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'degraded',
      database: 'full',
      error: 'The database is out of disk space: nothing can be saved',
    });
  });

  it("answers 503 for each failure that is not the request's fault, 500 for the rest", async () => {
    const failures: [string, string, string][] = [
      ['3D000', 'database "shop" does not exist', '60'],
      ['25006', 'cannot execute INSERT in a read-only transaction', '60'],
      ['53300', 'sorry, too many clients already', '5'],
      ['57P01', 'terminating connection due to administrator command', '5'],
      ['08006', 'connection failure', '5'],
      ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', '5'],
    ];
    for (const [code, message, retryAfter] of failures) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/test/failure?code=${code}&message=${encodeURIComponent(message)}`,
      });
      expect(response.statusCode, code).toBe(503);
      expect(response.json().code, code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after'], code).toBe(retryAfter);
    }
  });

  it('still answers 500 for a query that failed on its own (a constraint, a missing table)', async () => {
    for (const [code, message] of [
      ['23505', 'duplicate key value violates unique constraint "users_email_key"'],
      ['42P01', 'relation "nothing" does not exist'],
      ['57014', 'canceling statement due to statement timeout'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/test/failure?code=${code}&message=${encodeURIComponent(message!)}`,
      });
      expect(response.statusCode, code).toBe(500);
    }
  });

  it('still answers 500 without details for anything else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL' });
  });
});
