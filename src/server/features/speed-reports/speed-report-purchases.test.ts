import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderItems, speedReportPurchases, speedReports } from '#db/schema/index.ts';
import {
  compareRuns,
  speedReportHistorySchema,
  speedReportSchema,
  type SpeedReport,
} from '#shared/speed-reports.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import {
  startSpeedTestSite,
  type SpeedTestSite,
} from '../../../../tests/helpers/speed-test-site.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startPayfastStandIn } from '../../../../tests/stubs/payfast-stand-in.ts';
import { completeItn, sandboxMerchant } from '../../../../tests/helpers/payfast-itn.ts';

/**
 * The R199 full report (issue 16 §6): the address goes with the cart line and is checked when
 * the order is made; once PayFast's ITN pays the order, the report (mobile and desktop) is
 * measured for real; the customer sees it in their history and may re-test it for 30 days,
 * each re-test compared with the run before it.
 */
const { passphrase } = sandboxMerchant;
let site: SpeedTestSite;
let validate: Awaited<ReturnType<typeof startPayfastStandIn>>;
let t: TestApp;
let customer: { cookie: string };
const origin = 'https://shop.example.co.za';

beforeAll(async () => {
  site = await startSpeedTestSite();
  validate = await startPayfastStandIn();
  t = await createTestApp({
    PUBLIC_URL: 'https://shop.example.co.za',
    PAYFAST_MODE: 'sandbox',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_PASSPHRASE: passphrase,
    PAYFAST_VALIDATE_URL: validate.validateUrl,
    PAYFAST_VERIFY_SOURCE: 'false',
    SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1',
    RATE_LIMIT_ALLOW: '127.0.0.1',
  });
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await validate?.close();
  await site?.close();
});

const order = (items: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items },
    headers: { cookie: customer.cookie, origin },
  });

/** PayFast's COMPLETE ITN for a payment the customer started. */
async function pay(orderReference: string): Promise<void> {
  const form = (
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderReference}/payfast`,
      headers: { cookie: customer.cookie, origin },
    })
  ).json<{ reference: string; fields: Record<string, string> }>();
  const notify = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: completeItn(form, '9912001', { feeCents: 458 }),
    remoteAddress: '197.97.145.150',
  });
  expect(notify.statusCode).toBe(200);
  // The ITN is confirmed by a job; the paid order's report is measured by another.
  await t.app.jobs.drain();
}

async function report(id: string): Promise<SpeedReport> {
  const response = await t.app.inject({ method: 'GET', url: `/api/speed-reports/${id}` });
  expect(response.statusCode).toBe(200);
  return speedReportSchema.parse(response.json());
}

async function finished(id: string): Promise<SpeedReport> {
  await t.app.jobs.drain();
  for (let i = 0; i < 150; i++) {
    const current = await report(id);
    if (current.status === 'done' || current.status === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the report did not finish');
}

async function history() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/user/speed-reports',
    headers: { cookie: customer.cookie },
  });
  expect(response.statusCode).toBe(200);
  return speedReportHistorySchema.parse(response.json());
}

const retest = (purchaseId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user/speed-reports/${purchaseId}/retest`,
    headers: { cookie: customer.cookie, origin },
  });

describe('the paid full speed report', () => {
  it('refuses a line whose address is not a public website, and one without an address', async () => {
    const refused = await order([{ type: 'speed-report', url: 'http://192.168.1.1/admin' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: '192.168.1.1 is not a public website',
      code: 'BAD_REQUEST',
    });
    const metadata = await order([{ type: 'speed-report', url: 'http://169.254.169.254/' }]);
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json<{ error: string }>().error).toBe(
      '169.254.169.254 is not a public website',
    );
    const unusable = await order([{ type: 'speed-report', url: 'ftp://example.co.za/' }]);
    expect(unusable.statusCode).toBe(400);
    expect(unusable.json<{ error: string }>().error).toContain('website address');
    // The package on its own (a bundle or a hand-made cart) has no address to measure.
    const bare = await order([{ type: 'package', packageId: 'speed-report' }]);
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ error: string }>().error).toMatch(/needs the address of the website/);
  });

  it('runs once paid (mobile and desktop), shows in the history, and re-tests with a comparison for 30 days', async () => {
    const address = site.url('/fast');
    const made = await order([{ type: 'speed-report', url: address, price: 1, title: 'x' }]);
    expect(made.statusCode).toBe(201);
    const placed = made.json<{ reference: string; total: number; items: { title: string }[] }>();
    expect(placed.total).toBe(199);
    expect(placed.items[0]!.title).toBe(
      `60-second speed report: Speed report for ${new URL(address).host}`,
    );
    const [line] = await t.app.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.type, 'speed-report'));
    expect(line!.details).toEqual({ url: address });
    // Nothing is measured before the money is in.
    expect(await t.app.database.db.select().from(speedReportPurchases)).toEqual([]);

    await pay(placed.reference);
    const [purchase] = await t.app.database.db.select().from(speedReportPurchases);
    expect(purchase!.url).toBe(address);
    const days = (purchase!.retestUntil.getTime() - purchase!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    const [queued] = await t.app.database.db
      .select()
      .from(speedReports)
      .where(eq(speedReports.purchaseId, purchase!.id));
    expect(queued).toMatchObject({ kind: 'full', url: address });
    const queuedJobs = await t.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'speed-report'));
    expect(queuedJobs.some((job) => JSON.stringify(job.payload).includes(queued!.id))).toBe(true);

    const first = await finished(queued!.id);
    expect([first.status, first.error]).toEqual(['done', null]);
    expect(first.kind).toBe('full');
    expect(first.mobile).not.toBeNull();
    expect(first.desktop).not.toBeNull();
    expect(first.desktop!.scores.performance).toBeGreaterThan(0);
    expect(first.moreOpportunities).toBe(0);
    expect(first.comparison).toBeNull();

    const listed = await history();
    expect(listed.purchases).toHaveLength(1);
    expect(listed.purchases[0]).toMatchObject({ id: purchase!.id, url: address, canRetest: true });
    expect(listed.purchases[0]!.runs.map((run) => [run.id, run.status])).toEqual([
      [first.id, 'done'],
    ]);
    expect(listed.purchases[0]!.runs[0]!.desktopPerformance).toBe(
      first.desktop!.scores.performance,
    );

    // A re-test within 30 days: measured again and compared with the run before it.
    const asked = await retest(purchase!.id);
    expect(asked.statusCode).toBe(202);
    const { id: againId } = asked.json<{ id: string; status: string }>();
    const busy = await retest(purchase!.id);
    expect(busy.statusCode).toBe(409);
    const again = await finished(againId);
    expect(again.status).toBe('done');
    expect(again.desktop).not.toBeNull();
    expect(again.comparison?.previousId).toBe(first.id);
    const lcp = again.comparison!.changes.find((c) => c.formFactor === 'mobile' && c.key === 'lcp');
    expect(lcp!.before).toBe(first.mobile!.metrics.lcp);
    expect(lcp!.after).toBe(again.mobile!.metrics.lcp);
    expect(lcp!.text).toMatch(/^LCP \d+,\d\ss → \d+,\d\ss$/);
    const desktopScore = again.comparison!.changes.find(
      (c) => c.formFactor === 'desktop' && c.key === 'performance',
    );
    expect(desktopScore!.text).toBe(
      `Performance ${first.desktop!.scores.performance} → ${again.desktop!.scores.performance}`,
    );
    expect((await history()).purchases[0]!.runs.map((run) => run.id)).toEqual([againId, first.id]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/speed-reports/${againId}/report.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Someone else's purchase is not theirs to re-test.
    const stranger = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/user/speed-reports/${purchase!.id}/retest`,
      headers: { cookie: stranger.cookie, origin },
    });
    expect(foreign.statusCode).toBe(404);

    // After 30 days: refused, and the history says so.
    await t.app.database.db
      .update(speedReportPurchases)
      .set({ retestUntil: new Date(Date.now() - 1000) })
      .where(eq(speedReportPurchases.id, purchase!.id));
    const late = await retest(purchase!.id);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: string }>().error).toMatch(/^Re-tests of 127\.0\.0\.1 ended on /);
    expect((await history()).purchases[0]!.canRetest).toBe(false);
  }, 180_000);

  it('asks a signed-in customer for the history', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/speed-reports' });
    expect(response.statusCode).toBe(401);
  });
});

describe('compareRuns', () => {
  const run = (lcp: number, performance: number) => ({
    scores: { performance, accessibility: 100, bestPractices: 96, seo: null },
    metrics: { lcp, fcp: 900, cls: 0.12, tbt: 310, speedIndex: 3900 },
  });

  it('writes each score and metric as before → after, and which way it went', () => {
    const changes = compareRuns({ mobile: run(4100, 62) }, { mobile: run(2300, 91) });
    const text = (key: string) => changes.find((c) => c.key === key)!;
    expect(text('lcp')).toMatchObject({ text: 'LCP 4,1\u00a0s → 2,3\u00a0s', change: 'better' });
    expect(text('performance')).toMatchObject({ text: 'Performance 62 → 91', change: 'better' });
    expect(text('tbt')).toMatchObject({ text: 'TBT 310\u00a0ms → 310\u00a0ms', change: 'same' });
    expect(text('cls')).toMatchObject({ text: 'CLS 0,120 → 0,120', change: 'same' });
    expect(text('seo')).toMatchObject({ text: 'SEO – → –', change: 'unknown' });
    expect(changes.every((c) => c.formFactor === 'mobile')).toBe(true);
    const worse = compareRuns({ desktop: run(1000, 95) }, { desktop: run(1800, 80) });
    expect(worse.find((c) => c.key === 'lcp')).toMatchObject({
      text: 'LCP 1,0\u00a0s → 1,8\u00a0s',
      change: 'worse',
    });
  });
});
