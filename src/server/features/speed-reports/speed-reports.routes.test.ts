import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema/index.ts';
import { speedReportSchema, type SpeedReport } from '#shared/speed-reports.schemas.ts';
import {
  startSpeedTestSite,
  type SpeedTestSite,
} from '../../../../tests/helpers/speed-test-site.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

/**
 * Real reports: Lighthouse in Debian's Chromium against small local pages (allowed through
 * SPEED_REPORT_ALLOW_HOSTS, as only tests may), and the SSRF refusals one by one.
 */
let site: SpeedTestSite;
let t: TestApp;
/** The fast page's score, which the administrators' list must show as measured. */
let fastScore: number;
const origin = 'http://localhost:5000';

beforeAll(async () => {
  site = await startSpeedTestSite();
  t = await createTestApp({
    SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1',
    // The refusals below are many requests from one address; the limit has its own test.
    RATE_LIMIT_ALLOW: '127.0.0.1',
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const ask = (app: TestApp, url: string, remoteAddress = '127.0.0.1') =>
  app.app.inject({
    method: 'POST',
    url: '/api/speed-reports',
    headers: { origin },
    payload: { url },
    remoteAddress,
  });

async function report(app: TestApp, id: string): Promise<SpeedReport> {
  const response = await app.app.inject({ method: 'GET', url: `/api/speed-reports/${id}` });
  expect(response.statusCode).toBe(200);
  return speedReportSchema.parse(response.json());
}

/** Asks for a report, lets the queue run it, and returns it finished. */
async function measure(app: TestApp, url: string): Promise<SpeedReport> {
  const asked = await ask(app, url);
  expect(asked.statusCode).toBe(202);
  const { id, status } = asked.json<{ id: string; status: string }>();
  expect(status).toBe('queued');
  const queued = await report(app, id);
  expect(['queued', 'running']).toContain(queued.status);
  await app.app.jobs.drain();
  for (let i = 0; i < 100; i++) {
    const current = await report(app, id);
    if (current.status === 'done' || current.status === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the report did not finish');
}

describe('website speed reports', () => {
  it('measures a fast and a slow, heavy page for real, and their scores differ', async () => {
    const fast = await measure(t, site.url('/fast'));
    const slow = await measure(t, site.url('/slow'));
    for (const done of [fast, slow]) {
      expect(done.status).toBe('done');
      expect(done.mobile).not.toBeNull();
      expect(done.desktop).toBeNull();
      expect(done.durationMs).toBeGreaterThan(0);
      expect(done.durationMs).toBeLessThanOrEqual(60_000);
      expect(done.finishedAt).not.toBeNull();
      expect(done.hasScreenshot).toBe(true);
    }
    fastScore = fast.mobile!.scores.performance!;
    const slowScore = slow.mobile!.scores.performance!;
    // The scores are compared, not held to a fixed figure: a busy CI box once scored the fast
    // page 79 where an idle one scores 100, because blocking time grows with the machine's load.
    // Its LCP, simulated from the network, stays within Google's "good" 2.5 s.
    expect(slowScore).toBeLessThan(fastScore - 20);
    expect(fast.mobile!.metrics.lcp!).toBeLessThanOrEqual(2500);
    // The heavy page's scripts block the main thread. The fast page's own blocking time rises
    // with the machine's load (a busy CI box measured 425 ms for it once), so the two are not
    // ordered here: the score, which weighs blocking time, and LCP are.
    expect(slow.mobile!.metrics.tbt!).toBeGreaterThan(0);
    expect(slow.mobile!.metrics.lcp!).toBeGreaterThan(fast.mobile!.metrics.lcp!);
    expect(slow.mobile!.metrics.cls!).toBeGreaterThan(0);
    for (const key of ['accessibility', 'bestPractices', 'seo'] as const) {
      expect(fast.mobile!.scores[key]).toBeGreaterThan(0);
    }
    // Opportunities: found on the heavy page, largest saving first, in plain words.
    const savings = slow.mobile!.opportunities.map((o) => o.savingsMs ?? 0);
    expect(slow.mobile!.opportunities.length).toBeGreaterThan(0);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
    expect(slow.mobile!.opportunities[0]!.advice).toMatch(/\w+ \w+/);
    const weight = slow.mobile!.pageWeight.find((row) => row.type === 'total')!;
    expect(weight.bytes).toBeGreaterThan(1_500_000);
    // The conditions as Lighthouse itself reports them: PageSpeed Insights' mobile settings.
    expect(slow.mobile!.conditions).toMatchObject({
      lighthouseVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      rttMs: 150,
      throughputKbps: 1638.4,
      cpuSlowdown: 4,
    });
    // The slow page links WordPress's REST API: Lighthouse's detector and WordPress stack pack
    // add their advice to findings; the plain fast page gets none.
    expect(
      slow.mobile!.opportunities.filter((o) => o.platformAdvice?.platform === 'WordPress'),
    ).not.toHaveLength(0);
    expect(fast.mobile!.opportunities.every((o) => o.platformAdvice === null)).toBe(true);
    // Its largest downloads, largest first, each ending after it starts.
    const sizes = slow.mobile!.largestRequests.map((r) => r.transferBytes);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    for (const request of slow.mobile!.largestRequests)
      expect(request.endMs).toBeGreaterThanOrEqual(request.startMs);

    const shot = await t.app.inject({
      method: 'GET',
      url: `/api/speed-reports/${fast.id}/screenshot`,
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect(shot.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The PDF download (SPEED_REPORT_PDF_OUT keeps a copy to look at).
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/speed-reports/${slow.id}/report.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="speed-report-127.0.0.1.pdf"',
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.SPEED_REPORT_PDF_OUT)
      writeFileSync(process.env.SPEED_REPORT_PDF_OUT, pdf.rawPayload);

    // "E-mail me this report": the link goes out through the outbox.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/speed-reports/${slow.id}/email`,
      headers: { origin },
      payload: { email: ' Owner@Example.co.za ' },
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'owner@example.co.za'));
    expect(mail!.subject).toBe(`Your website speed report for ${new URL(site.origin).host}`);
    expect(mail!.text).toContain(`${t.config.publicUrl}/speed-report/${slow.id}`);
    expect(mail!.text).toContain(`Performance on mobile: ${slowScore}/100`);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/speed-reports/${slow.id}/email`,
      headers: { origin },
      payload: { email: 'not-an-address' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/speed-reports/${crypto.randomUUID()}/email`,
      headers: { origin },
      payload: { email: 'owner@example.co.za' },
    });
    expect(unknown.statusCode).toBe(404);
  }, 120_000);

  it('fails a page that redirects to a private address (the redirect is checked again)', async () => {
    const done = await measure(t, site.url('/to-private'));
    expect(done.status).toBe('failed');
    expect(done.mobile).toBeNull();
    expect(done.error).toBe('The page led to 127.0.0.2, which is not a public website.');
  }, 90_000);

  it.each([
    ['http://127.0.0.2/', '127.0.0.2 is not a public website'],
    ['http://localhost:8080/', 'localhost is not a public website'],
    ['http://10.0.0.8/', '10.0.0.8 is not a public website'],
    ['http://172.20.1.1/', '172.20.1.1 is not a public website'],
    ['http://192.168.1.1/admin', '192.168.1.1 is not a public website'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public website'],
    ['http://100.64.1.1/', '100.64.1.1 is not a public website'],
    ['http://224.0.0.1/', '224.0.0.1 is not a public website'],
    ['http://240.1.2.3/', '240.1.2.3 is not a public website'],
    ['http://0.0.0.0/', '0.0.0.0 is not a public website'],
    ['http://[::1]/', '[::1] is not a public website'],
    ['http://[fd00:ec2::254]/', '[fd00:ec2::254] is not a public website'],
    ['http://[fe80::1]/', '[fe80::1] is not a public website'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1] is not a public website'],
    ['http://[::ffff:169.254.169.254]/', '[::ffff:a9fe:a9fe] is not a public website'],
    ['http://metadata.google.internal/', 'metadata.google.internal is not a public website'],
    ['http://168.63.129.16/', '168.63.129.16 is not a public website'],
  ])('refuses %s', async (url, message) => {
    const response = await ask(t, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'BAD_REQUEST' });
  });

  it.each([
    ['ftp://example.co.za/', 'Enter an http:// or https:// website address'],
    ['file:///etc/passwd', 'Enter an http:// or https:// website address'],
    ['javascript:alert(1)', 'Enter an http:// or https:// website address'],
    ['http://user:secret@example.co.za/', 'Enter an http:// or https:// website address'],
    ['not a website', 'Enter an http:// or https:// website address'],
    ['', 'Enter a website address'],
  ])('refuses the unusable address %j', async (url, message) => {
    const response = await ask(t, url);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
  });

  it('answers 404 for an unknown report and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/speed-reports/${crypto.randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/speed-reports/1' });
    expect(malformed.statusCode).toBe(400);
    const noPdf = await t.app.inject({
      method: 'GET',
      url: `/api/speed-reports/${crypto.randomUUID()}/report.pdf`,
    });
    expect(noPdf.statusCode).toBe(404);
  });

  it('shows administrators every report with status, score, duration and failures', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/speed-reports' });
    expect(signedOut.statusCode).toBe(401);
    const { cookie } = await signInAdmin(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/speed-reports',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<{
      items: { url: string; status: string; performance: number | null; error: string | null }[];
      total: number;
    }>();
    // The reports measured above, newest first: the failed redirect, the slow and the fast page.
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.items.slice(0, 3).map((item) => [new URL(item.url).pathname, item.status])).toEqual(
      [
        ['/to-private', 'failed'],
        ['/slow', 'done'],
        ['/fast', 'done'],
      ],
    );
    expect(list.items[0]!.error).toContain('is not a public website');
    expect(list.items[2]!.performance).toBe(fastScore);
  });

  it('lets one address ask for five reports an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await ask(t, 'http://10.9.9.9/', '198.51.100.77')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('the 60-second cut', () => {
  let cut: TestApp;
  beforeAll(async () => {
    // The same cut as in production, shortened to keep the test short.
    cut = await createTestApp({
      SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1',
      SPEED_REPORT_TIMEOUT_SECONDS: '8',
    });
  });
  afterAll(() => cut?.close());

  it('stops a page that never finishes loading at the deadline, marked partial, never left running', async () => {
    const started = Date.now();
    const done = await measure(cut, site.url('/never'));
    expect(Date.now() - started).toBeLessThan(8_000 + 6_000);
    expect(['done', 'failed']).toContain(done.status);
    expect(done.partial).toBe(true);
    expect(done.durationMs).toBeLessThanOrEqual(8_000 + 1_500);
    expect(done.deadlineMs).toBe(8_000);
    if (done.status === 'failed') {
      expect(done.error).toBe('The page did not finish loading within 8 seconds.');
    }
  }, 60_000);
});

describe('a crash while measuring', () => {
  let crashing: TestApp;
  beforeAll(async () => {
    // A "browser" that kills the worker process that started it: the child dies mid-report.
    const dir = mkdtempSync(join(tmpdir(), 'speed-crash-'));
    const chrome = join(dir, 'chromium');
    writeFileSync(chrome, '#!/bin/sh\nkill -9 $PPID\n');
    chmodSync(chrome, 0o755);
    crashing = await createTestApp({ SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1', CHROME_PATH: chrome });
  });
  afterAll(() => crashing?.close());

  it('fails the report with a reason and leaves the server running', async () => {
    const done = await measure(crashing, site.url('/fast'));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^The measurement stopped unexpectedly/);
    expect(done.finishedAt).not.toBeNull();
    const health = await crashing.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 60_000);
});
