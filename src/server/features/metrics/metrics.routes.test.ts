import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { parsePrometheusText, sampleValue } from '../../../../tests/helpers/prometheus-text.ts';

/**
 * /metrics through the whole app: Prometheus' text format, who may read it (an allowed address,
 * the token, through TRUST_PROXY's proxy), and counters that move with what the app does.
 */
const token = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: token });
});
afterAll(() => t.close());

const scrape = async (app = t.app) => {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return parsePrometheusText(response.body);
};

describe('GET /metrics', () => {
  it('answers a local scraper in Prometheus text format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE sebenza_http_requests_total counter');
    expect(response.body).toContain('# TYPE sebenza_http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE sebenza_jobs gauge');
    expect(response.body).toContain('# TYPE sebenza_integration_errors_total counter');
    expect(response.body).toContain('# TYPE process_resident_memory_bytes gauge');
    const samples = parsePrometheusText(response.body);
    expect(sampleValue(samples, 'sebenza_metrics_processes')).toBe(1);
    expect(sampleValue(samples, 'sebenza_metrics_database_up')).toBe(1);
    expect(sampleValue(samples, 'sebenza_db_info', { engine: t.app.database.kind })).toBe(1);
    // The pool is a PostgreSQL server's; the embedded database is one connection in the process.
    const inUse = sampleValue(samples, 'sebenza_db_pool_connections', { state: 'in_use' });
    if (t.app.database.kind === 'postgres') expect(inUse).toBeGreaterThanOrEqual(0);
    else expect(inUse).toBeUndefined();
  });

  it('refuses another address without the token with a plain 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect(response.body).not.toContain('sebenza_');
  });

  it('lets in another address with the token, and not with a wrong one', async () => {
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('sebenza_http_requests_total');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('counts a request under its route pattern, method and status class', async () => {
    const route = { method: 'GET', route: '/api/health', status: '2xx' };
    const before = sampleValue(await scrape(), 'sebenza_http_requests_total', route) ?? 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await scrape();
    expect(sampleValue(after, 'sebenza_http_requests_total', route)).toBe(before + 1);
    expect(
      sampleValue(after, 'sebenza_http_request_duration_seconds_count', route),
    ).toBeGreaterThanOrEqual(1);

    // A parameter is the pattern's, not the URL's; a path no route knows is one series.
    await t.app.inject({ method: 'GET', url: '/api/payments/NO-SUCH-PAYMENT-1' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/abc123' });
    const samples = await scrape();
    const routes = new Set(
      samples
        .filter((sample) => sample.name === 'sebenza_http_requests_total')
        .map((sample) => sample.labels.route),
    );
    expect(routes).toContain('/api/payments/:reference');
    expect(routes).toContain('(unmatched)');
    expect([...routes].some((r) => r?.includes('NO-SUCH') || r?.includes('abc123'))).toBe(false);
  });
});

describe('GET /metrics behind a proxy', () => {
  it('judges the client address TRUST_PROXY gives, and CIDR ranges', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', METRICS_ALLOW: '10.0.0.0/8' });
    try {
      const from = (client: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await from('10.20.30.40')).statusCode).toBe(200);
      // The proxy itself is on loopback, but the client is not in the range.
      expect((await from('203.0.113.9')).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('mail errors', () => {
  it('counts a mail the SMTP server could not take', async () => {
    const down = await startSmtpCatcher();
    await down.close();
    const app = await createTestApp({ SMTP_URL: down.url });
    try {
      const labels = { integration: 'mail', operation: 'send', kind: 'unavailable' };
      const before = sampleValue(await scrape(app.app), 'sebenza_integration_errors_total', labels);
      await queueMail(app.app.database.db, {
        to: 'someone@example.co.za',
        subject: 'Hello',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
      await app.app.jobs.drain();
      const after = await scrape(app.app);
      expect(sampleValue(after, 'sebenza_integration_errors_total', labels)).toBe(
        (before ?? 0) + 1,
      );
      expect(
        sampleValue(after, 'sebenza_integration_calls_total', {
          integration: 'mail',
          operation: 'send',
        }),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });
});
