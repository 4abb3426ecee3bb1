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

  it('still answers 500 without details for anything else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL' });
  });
});
