import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports ok and which database engine answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on errors, refusals and kept answers', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/does-not-exist' }),
      t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'no' } }),
      t.app.inject({ method: 'GET', url: '/api/services' }),
    ]);
    for (const answer of answers) {
      expect(String(answer.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 400, 200]);
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'No API route for POST /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });

  it('answers malformed JSON with a 400 in the error shape, never a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json();
    expect(typeof body.error).toBe('string');
    expect(typeof body.code).toBe('string');
    expect(response.body).not.toContain('at ');
  });
});

describe('seed', () => {
  it('records the seed version, once', async () => {
    const { appMeta } = await import('../../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const { SEED_VERSION } = await import('../../../db/seed.ts');
    const rows = await t.app.database.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, 'seed_version'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 'seed_version', value: SEED_VERSION });
  });
});
