import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { speedReports } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { requestSpeedReport } from './speed-reports.service.ts';

/**
 * The overall cap on queued speed reports (issue 25 §4), here 3 (SPEED_REPORT_QUEUE_LIMIT; 10 by
 * default). The job runner is stopped, so what is queued stays queued and no browser starts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SPEED_REPORT_QUEUE_LIMIT: '3',
    SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1',
  });
  await t.app.jobs.close();
});
afterAll(() => t?.close());

const db = () => t.app.database.db;
beforeEach(async () => {
  await db().delete(speedReports);
});

let address = 0;
/** A free report asked for from an address of its own (each may ask for five an hour). */
const ask = () => {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/speed-reports',
    headers: { origin: t.config.publicUrl },
    remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    payload: { url: 'http://127.0.0.1:9/' },
  });
};

/** Reports already in the table: `status`, and for done ones how long they took. */
const reports = (count: number, values: Partial<typeof speedReports.$inferInsert> = {}) =>
  db()
    .insert(speedReports)
    .values(
      Array.from({ length: count }, () => ({
        url: 'https://example.co.za/',
        host: 'example.co.za',
        ...values,
      })),
    );

const inLine = async () =>
  (
    await db()
      .select({ id: speedReports.id })
      .from(speedReports)
      .where(inArray(speedReports.status, ['queued', 'running']))
  ).length;

describe('the speed-report queue cap', () => {
  it('defaults to 10 reports in line', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(loadConfig({ NODE_ENV: 'test' }).speedReports.queueLimit).toBe(10);
  });

  it('refuses a free report with 503 "busy, try in N minutes" once 3 are in line', async () => {
    // Recent reports took 50 s each: 3 in line at one at a time is 2½ minutes, so 3.
    await reports(4, {
      status: 'done',
      durationMs: 50_000,
      finishedAt: new Date(),
    });
    // A failed one and one left running since long ago (its process lost) hold no place.
    await reports(1, { status: 'failed' });
    await reports(1, { status: 'running', startedAt: new Date(Date.now() - 2 * 3600_000) });
    await reports(2, { status: 'queued' });
    await reports(1, { status: 'running', startedAt: new Date() });

    const refused = await ask();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: 'Our speed tester is busy with 3 reports. Please try again in 3 minutes.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(refused.headers['retry-after']).toBe('180');
    expect(await inLine()).toBe(4); // the stale "running" one, and nothing new

    // One finishes: there is room again.
    await db()
      .update(speedReports)
      .set({ status: 'done', finishedAt: sql`now()`, durationMs: 50_000 })
      .where(
        sql`${speedReports.status} = 'running' and ${speedReports.startedAt} > now() - interval '1 minute'`,
      );
    const accepted = await ask();
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ status: 'queued' });
  });

  it('lets exactly as many through as there is room for when asked for at once', async () => {
    await reports(1, { status: 'queued' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask()));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 202, 503, 503, 503, 503, 503, 503]);
    expect(await inLine()).toBe(3);
    // With nothing finished lately, a report is taken to last 20 s: 3 in line is 1 minute.
    const busy = answers.find((answer) => answer.statusCode === 503)!;
    expect(busy.json().error).toBe(
      'Our speed tester is busy with 3 reports. Please try again in 1 minute.',
    );
  });

  it('never refuses a paid report or a re-test, whatever the queue', async () => {
    await reports(5, { status: 'queued' });
    const paid = await requestSpeedReport(
      { db: db(), config: t.config.speedReports },
      { url: 'http://127.0.0.1:9/', ip: null, kind: 'full' },
    );
    expect(paid.status).toBe('queued');
    expect(await inLine()).toBe(6);
  });
});
