import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#db/schema/index.ts';
import { createAdmin } from '../features/admin-auth/admin-accounts.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import { alertCheckKey, nextAlertCheck, ownerAlertsJob } from './owner-alerts.job.ts';
import { enqueueJob } from './queue.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://www.example.co.za' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('owner alert checks', () => {
  it('are planned on the whole 5 minutes, one per slot', () => {
    expect(nextAlertCheck(new Date('2026-11-20T08:02:30Z'))).toEqual(
      new Date('2026-11-20T08:05:00Z'),
    );
    expect(nextAlertCheck(new Date('2026-11-20T08:05:00Z'))).toEqual(
      new Date('2026-11-20T08:10:00Z'),
    );
    expect(alertCheckKey(new Date('2026-11-20T08:10:00Z'))).toBe(
      'owner-alerts:2026-11-20T08:10:00.000Z',
    );
  });

  it('queue the next check first, once, on the clock they are given', async () => {
    const { db } = t.app.database;
    const now = new Date();
    const run = ownerAlertsJob({
      config: t.config,
      now: () => now,
      disk: { paths: [], usage: async () => ({ usedPercent: 0, freeBytes: 0 }) },
    });
    const context = { db, log: silent, attempt: 1, lastAttempt: false };
    await run({}, context);
    await run({}, context);
    const planned = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, alertCheckKey(nextAlertCheck(now))));
    expect(planned).toHaveLength(1);
    expect(planned[0]).toMatchObject({ name: 'owner-alerts', status: 'queued' });
    await db.delete(jobs).where(eq(jobs.id, planned[0]!.id));
  });

  it('mail the owners over SMTP when a job type keeps failing', async () => {
    const { db } = t.app.database;
    const owner = 'owner.alerts@example.co.za';
    await createAdmin(
      db,
      { email: owner, name: 'Thandi Owner', password: 'owner passphrase for tests', role: 'owner' },
      { actor: 'cli', adminId: null },
    );
    await db.insert(jobs).values(
      [1, 2, 3].map(() => ({
        name: 'domain-expiry-reminder',
        payload: {},
        status: 'failed' as const,
        attempts: 5,
        maxAttempts: 5,
        lastError: 'the registrar could not be reached',
      })),
    );
    // The check is due now, run by its own lane; the mail it queues goes out through the main one.
    await enqueueJob(db, 'owner-alerts', {});
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const mail = await smtp.waitFor(owner, 'domain-expiry-reminder jobs keep failing');
    expect(mail.subject).toBe('Alert: domain-expiry-reminder jobs keep failing (Sebenza Digital)');
    expect(mail.text).toContain('3 domain-expiry-reminder jobs were given up in the last 24 hours');
    expect(mail.text).toContain('The latest failed with: the registrar could not be reached');
    expect(mail.text).toContain('Open the Jobs page: https://www.example.co.za/admin/jobs');
  });
});
