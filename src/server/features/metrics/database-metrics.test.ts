import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { jobs, paymentNotifications } from '#db/schema/index.ts';
import { freshDatabase } from '../../../../tests/helpers/test-app.ts';
import { parsePrometheusText, sampleValue } from '../../../../tests/helpers/prometheus-text.ts';
import { createDatabaseMetrics } from './database-metrics.ts';

/**
 * The figures /metrics reads from the database, against real rows (no job runner here to move
 * them): the queue's depth by state, how long the oldest due job has waited, the jobs given up,
 * and the payment notifications waiting for PayFast. The clock is the test's.
 */
let database: Database;
let drop: () => Promise<void>;
const now = new Date('2026-11-20T08:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(paymentNotifications);
});

const scrape = async () =>
  parsePrometheusText(await createDatabaseMetrics(database, { now: () => now }).metrics());

const job = (values: Partial<typeof jobs.$inferInsert> & { name: string }) => ({
  payload: {},
  maxAttempts: 5,
  ...values,
});

describe('database figures', () => {
  it('shows every job type at zero on an empty queue', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'sebenza_metrics_database_up')).toBe(1);
    expect(sampleValue(samples, 'sebenza_jobs', { job: 'send-mail', state: 'due' })).toBe(0);
    expect(sampleValue(samples, 'sebenza_jobs_oldest_due_seconds', { job: 'backup' })).toBe(0);
    expect(sampleValue(samples, 'sebenza_jobs_failed', { job: 'register-domain' })).toBe(0);
    expect(sampleValue(samples, 'sebenza_itn_unconfirmed')).toBe(0);
    expect(sampleValue(samples, 'sebenza_db_info', { engine: database.kind })).toBe(1);
  });

  it('counts due, scheduled, running and given-up jobs per type, and the oldest due age', async () => {
    await database.db.insert(jobs).values([
      job({ name: 'send-mail', runAt: ago(10) }),
      job({ name: 'send-mail', runAt: ago(3) }),
      job({ name: 'send-mail', runAt: ago(-60) }),
      // A run whose process died 2 minutes ago (its lease ran out): due again since then.
      job({ name: 'register-domain', status: 'running', runAt: ago(30), lockedUntil: ago(2) }),
      job({ name: 'register-domain', status: 'running', runAt: ago(1), lockedUntil: ago(-1) }),
      job({ name: 'register-domain', status: 'failed', runAt: ago(90) }),
      job({ name: 'register-domain', status: 'failed', runAt: ago(80) }),
      job({ name: 'retention', status: 'done', runAt: ago(600) }),
    ]);
    const samples = await scrape();
    const depth = (name: string, state: string) =>
      sampleValue(samples, 'sebenza_jobs', { job: name, state });
    expect(depth('send-mail', 'due')).toBe(2);
    expect(depth('send-mail', 'scheduled')).toBe(1);
    expect(depth('send-mail', 'running')).toBe(0);
    expect(depth('register-domain', 'due')).toBe(1);
    expect(depth('register-domain', 'running')).toBe(1);
    expect(depth('retention', 'due')).toBe(0);
    expect(sampleValue(samples, 'sebenza_jobs_oldest_due_seconds', { job: 'send-mail' })).toBe(600);
    expect(
      sampleValue(samples, 'sebenza_jobs_oldest_due_seconds', { job: 'register-domain' }),
    ).toBe(120);
    expect(sampleValue(samples, 'sebenza_jobs_failed', { job: 'register-domain' })).toBe(2);
    expect(sampleValue(samples, 'sebenza_jobs_failed', { job: 'send-mail' })).toBe(0);
  });

  it('shows the payment notifications still waiting for their confirmation', async () => {
    await database.db.insert(paymentNotifications).values([
      { fields: [], receivedAt: ago(45) },
      { fields: [], receivedAt: ago(5) },
      { fields: [], receivedAt: ago(50), accepted: true, checkedAt: ago(49) },
    ]);
    const samples = await scrape();
    expect(sampleValue(samples, 'sebenza_itn_unconfirmed')).toBe(2);
    expect(sampleValue(samples, 'sebenza_itn_oldest_unconfirmed_seconds')).toBe(45 * 60);
  });

  it('says the database is down instead of failing the scrape', async () => {
    const { database: gone, drop: dropGone } = await freshDatabase();
    await gone.close();
    try {
      const samples = parsePrometheusText(await createDatabaseMetrics(gone).metrics());
      expect(sampleValue(samples, 'sebenza_metrics_database_up')).toBe(0);
      expect(sampleValue(samples, 'sebenza_jobs', { job: 'send-mail', state: 'due' })).toBe(
        undefined,
      );
    } finally {
      await dropGone();
    }
  });
});
