import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dunningCases, jobs, mailOutbox, orders } from '#db/schema/index.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { createServerDatabase } from '../../../../tests/helpers/postgres.ts';
import type { AppInstance } from '../../app-instance.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDunningCase } from './dunning-cases.service.ts';

/**
 * Two app processes on one PostgreSQL server run the job queue side by side: every step of a
 * case runs once, whichever process claims it (a separate server: PGlite cannot be shared).
 */
describe('dunning steps with two processes on PostgreSQL', () => {
  let first: AppInstance;
  let second: AppInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createServerDatabase();
    drop = database.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: './tests/no-client-build',
      DATABASE_URL: database.url,
    });
    first = await buildApp(config, { logger: false });
    second = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('runs each step once, mailing the customer once per step', async () => {
    const { user, email } = await signUp(first);
    const db = first.database.db;
    const dayMs = 86_400_000;
    // A renewal due 40 days ago, opened before its reminder: every step is due now.
    const dueAt = new Date(Date.now() - 40 * dayMs);
    const [order] = await db
      .insert(orders)
      .values({
        reference: 'SO-DUN001',
        userId: user.id,
        subtotalCents: 10_000,
        vatCents: 0,
        totalCents: 10_000,
      })
      .returning();
    const opened = await openDunningCase(
      db,
      {
        kind: 'domain',
        userId: user.id,
        orderId: order!.id,
        title: 'Renewal of two-processes.co.za',
        amountCents: 10_000,
        dueAt,
      },
      new Date(dueAt.getTime() - 10 * dayMs),
    );
    const keys = opened!.steps.map((step) => `dunning:${opened!.id}:${step.step}`);
    expect(keys).toHaveLength(5);
    const until = Date.now() + 20_000;
    let rows = await db.select().from(jobs).where(inArray(jobs.key, keys));
    while (rows.some((row) => row.status !== 'done') && Date.now() < until) {
      await Promise.all([first.jobs.drain(), second.jobs.drain(), first.jobs.drain()]);
      rows = await db.select().from(jobs).where(inArray(jobs.key, keys));
    }
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    const [row] = await db.select().from(dunningCases).where(eq(dunningCases.id, opened!.id));
    expect(row!.status).toBe('cancelled');
    const mails = await db
      .select({ subject: mailOutbox.subject, to: mailOutbox.to })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, '%two-processes.co.za%'));
    expect(mails.map((mail) => mail.subject.split(':')[0]).sort()).toEqual(
      [
        'Cancelled unpaid',
        'Final notice',
        'Payment still due',
        'Renewal due soon',
        'Service suspended',
      ].sort(),
    );
    expect(mails.every((mail) => mail.to === email)).toBe(true);
  });
});
