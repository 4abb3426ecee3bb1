import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { jobs } from '#db/schema/index.ts';
import { freshDatabase } from '../../../tests/helpers/test-app.ts';
import { enqueueJob, listJobs, retryJob } from './queue.ts';
import { PermanentJobError, startJobRunner, type JobHandlers, type JobRunner } from './runner.ts';

const silent = {
  info() {},
  warn() {},
  error() {},
} as unknown as FastifyBaseLogger;

let database: Database;
let drop: () => Promise<void>;
const runners: JobRunner[] = [];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
  await database.db.delete(jobs);
});

const mailId = () => crypto.randomUUID();

/** A runner whose send-mail handler is `sendMail`; the other handlers must not be reached. */
async function runner(sendMail: JobHandlers['send-mail']): Promise<JobRunner> {
  const unexpected = async () => {
    throw new Error('not part of this test');
  };
  const started = await startJobRunner({
    database,
    log: silent,
    handlers: {
      'send-mail': sendMail,
      'check-payment-notification': unexpected,
      'register-domain': unexpected,
      'poll-domain-registration': unexpected,
      'poll-domain-transfer': unexpected,
      'domain-order-failed': unexpected,
      'registrar-prices': unexpected,
      'registrar-reconciliation': unexpected,
      'registry-poll': unexpected,
      'domain-renewal-invoice': unexpected,
      'domain-expiry-reminder': unexpected,
      'refund-payment': unexpected,
      'cancel-subscription': unexpected,
      'push-subscription-amount': unexpected,
      'charge-saved-card': unexpected,
      'close-resolved-ticket': unexpected,
      'bank-transfer-reminder': unexpected,
      'bank-transfer-expiry': unexpected,
      'dunning-step': unexpected,
      'speed-report': unexpected,
      retention: unexpected,
      'compliance-reminders': unexpected,
      backup: unexpected,
      'owner-alerts': unexpected,
      'poll-support-mailbox': unexpected,
      'ticket-desk-watch': unexpected,
      'announcement-mailing': unexpected,
    },
  });
  runners.push(started);
  return started;
}

const job = async (id: string) =>
  (await database.db.select().from(jobs)).find((row) => row.payload.mailId === id)!;

async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the job queue', () => {
  it('runs a job when the transaction that queued it commits, with nothing kicked', async () => {
    const ran: string[] = [];
    await runner(async ({ mailId: id }) => void ran.push(id));
    const committed = mailId();
    const rolledBack = mailId();
    await database.db.transaction(async (tx) => {
      await enqueueJob(tx, 'send-mail', { mailId: committed });
    });
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'send-mail', { mailId: rolledBack });
        throw new Error('the change failed');
      })
      .catch(() => {});
    await eventually(async () => (await job(committed))?.status === 'done');
    expect(ran).toEqual([committed]);
    expect(await job(committed)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(await job(rolledBack)).toBeUndefined();
  });

  it('validates the payload when queued', async () => {
    await expect(
      enqueueJob(database.db, 'send-mail', { mailId: 'not-a-uuid' } as never),
    ).rejects.toThrow();
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('keeps one waiting job per key', async () => {
    await enqueueJob(
      database.db,
      'check-payment-notification',
      { notificationId: 7 },
      { key: 'check-payment-notification:7' },
    );
    await enqueueJob(
      database.db,
      'check-payment-notification',
      { notificationId: 7 },
      { key: 'check-payment-notification:7' },
    );
    expect(await database.db.select().from(jobs)).toHaveLength(1);
  });

  it('gives each job to exactly one of two runners', async () => {
    const seen = new Map<string, number>();
    const handler: JobHandlers['send-mail'] = async ({ mailId: id }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.set(id, (seen.get(id) ?? 0) + 1);
    };
    const [first, second] = [await runner(handler), await runner(handler)];
    const ids = Array.from({ length: 30 }, mailId);
    for (const id of ids) await enqueueJob(database.db, 'send-mail', { mailId: id });
    await Promise.all([first.drain(), second.drain()]);
    const rows = () => database.db.select().from(jobs);
    await eventually(async () => (await rows()).every((row) => row.status === 'done'));
    expect(seen.size).toBe(ids.length);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect((await rows()).every((row) => row.attempts === 1)).toBe(true);
  });

  it('retries with back-off, parks the job as failed after its last try, and retries it on request', async () => {
    let failing = true;
    const jobRunner = await runner(async () => {
      if (failing) throw new Error('SMTP said 451');
    });
    const id = mailId();
    await enqueueJob(database.db, 'send-mail', { mailId: id });
    await jobRunner.drain();
    const first = await job(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP said 451' });
    // 1 minute after the first failed try, then 2, 4, 8.
    const delay = first.runAt.getTime() - first.updatedAt.getTime();
    expect(delay).toBeGreaterThan(55_000);
    expect(delay).toBeLessThan(65_000);
    for (let attempt = 2; attempt <= 5; attempt++) {
      await database.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, first.id));
      await jobRunner.drain();
    }
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: 5 });
    const listed = await listJobs(database.db, { status: 'failed', page: 1 });
    expect(listed.total).toBe(1);

    failing = false;
    expect(await retryJob(database.db, first.id)).toMatchObject({ status: 'queued', attempts: 0 });
    await eventually(async () => (await job(id)).status === 'done');
    expect(await retryJob(database.db, first.id)).toBeNull();
  });

  it('parks at once a job that cannot succeed', async () => {
    const jobRunner = await runner(async () => {
      throw new PermanentJobError('the mail was deleted');
    });
    const id = mailId();
    await enqueueJob(database.db, 'send-mail', { mailId: id });
    await jobRunner.drain();
    expect(await job(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the mail was deleted',
    });
  });

  it('picks up a run whose process died, and gives up on one that keeps dying', async () => {
    const ran: string[] = [];
    const jobRunner = await runner(async ({ mailId: id }) => void ran.push(id));
    const [crashedOnce, crashedLast] = [mailId(), mailId()];
    const crashed = (id: string, attempts: number) => ({
      name: 'send-mail',
      payload: { mailId: id },
      status: 'running' as const,
      attempts,
      maxAttempts: 5,
      lockedUntil: sql`now() - interval '1 second'`,
    });
    await database.db.insert(jobs).values([crashed(crashedOnce, 1), crashed(crashedLast, 5)]);
    await jobRunner.drain();
    expect(ran).toEqual([crashedOnce]);
    expect(await job(crashedOnce)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await job(crashedLast)).toMatchObject({ status: 'failed', attempts: 6 });
    expect((await job(crashedLast)).lastError).toContain('stopped responding');
  });

  it('parks a stored job whose payload no longer fits its type', async () => {
    const jobRunner = await runner(async () => {});
    await database.db
      .insert(jobs)
      .values({ name: 'send-mail', payload: { mailId: 42 }, maxAttempts: 5 });
    await jobRunner.drain();
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('invalid payload');
  });
});
