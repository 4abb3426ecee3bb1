import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { admins, jobs, mailOutbox, ownerAlerts } from '#db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { freshDatabase } from '../../../../tests/helpers/test-app.ts';
import type { DiskWatch } from './alert-conditions.ts';
import { checkOwnerAlerts } from './alerts.service.ts';

/**
 * Each owner alert through its life on the test's clock: mailed once when it starts, reminded
 * after 24 hours if it still holds, "resolved" once when it clears, and only to active owners.
 * Mail failing is logged, not mailed, until it clears.
 */
let database: Database;
let drop: () => Promise<void>;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  PAYFAST_MODE: 'simulator',
  PUBLIC_URL: 'https://www.example.co.za',
});
// A week ago, on the minute: the mails the checks queue are stamped with the real time, which
// stays in this clock's future, so they never count as stalled jobs.
const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 7 * 24 * 3_600_000);
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const hours = 60;

let logged: { level: string; message: string }[] = [];
const log = Object.fromEntries(
  ['error', 'warn', 'info', 'debug'].map((level) => [
    level,
    (_fields: unknown, message: string) => logged.push({ level, message }),
  ]),
) as unknown as FastifyBaseLogger;

let diskPercent = 50;
const disk: DiskWatch = {
  paths: ['/srv/sebenza'],
  usage: async () => ({ usedPercent: diskPercent, freeBytes: 3 * 1024 ** 3 }),
};

const check = (minutes: number) =>
  checkOwnerAlerts({ db: database.db, config, log, now: at(minutes), disk });

/** The alert mails queued since the last call (their send-mail jobs are taken away: sent). */
async function mailsQueued() {
  const mails = await database.db.select().from(mailOutbox).orderBy(mailOutbox.to);
  await database.db.delete(mailOutbox);
  await database.db.delete(jobs).where(eq(jobs.name, 'send-mail'));
  return mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text }));
}

const job = (values: Partial<typeof jobs.$inferInsert> & { name: string }) => ({
  payload: {},
  maxAttempts: 5,
  ...values,
});

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.db.insert(admins).values([
    { email: 'owner.a@example.co.za', name: 'Owner A', passwordHash: 'x', role: 'owner' },
    { email: 'owner.b@example.co.za', name: 'Owner B', passwordHash: 'x', role: 'owner' },
    { email: 'staff@example.co.za', name: 'Staff', passwordHash: 'x', role: 'staff' },
    {
      email: 'gone@example.co.za',
      name: 'Gone',
      passwordHash: 'x',
      role: 'owner',
      disabledAt: t0,
    },
  ]);
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(ownerAlerts);
  await database.db.delete(mailOutbox);
  diskPercent = 50;
  logged = [];
});

describe('queue stalled', () => {
  it('alerts once, reminds after 24 hours, and says when it is resolved', async () => {
    await database.db
      .insert(jobs)
      .values(job({ name: 'register-domain', runAt: at(-20), lastError: null }));

    expect(await check(0)).toEqual([
      {
        key: 'queue-stalled',
        phase: 'started',
        mailedTo: ['owner.a@example.co.za', 'owner.b@example.co.za'],
      },
    ]);
    const started = await mailsQueued();
    expect(started.map((mail) => mail.to)).toEqual([
      'owner.a@example.co.za',
      'owner.b@example.co.za',
    ]);
    expect(started[0]!.subject).toBe('Alert: Background jobs are not being run (Sebenza Digital)');
    expect(started[0]!.text).toContain(
      '1 job is due and not run; the oldest (register-domain) has waited 20 minutes.',
    );
    expect(started[0]!.text).toContain('What to do:');
    expect(started[0]!.text).toContain('https://www.example.co.za/admin/jobs');
    expect(logged).toContainEqual({
      level: 'error',
      message: expect.stringContaining('OWNER ALERT (started): Background jobs are not being run'),
    });

    // Still stalled, but announced already: nothing until a day has passed.
    expect(await check(5)).toEqual([]);
    expect(await check(23 * hours)).toEqual([]);
    expect(await mailsQueued()).toEqual([]);

    expect(await check(24 * hours)).toMatchObject([{ key: 'queue-stalled', phase: 'reminder' }]);
    const reminded = await mailsQueued();
    expect(reminded).toHaveLength(2);
    expect(reminded[0]!.subject).toMatch(/^Reminder: Background jobs are not being run since /);
    expect(reminded[0]!.text).toContain('has not cleared');
    expect(await check(24 * hours + 5)).toEqual([]);

    await database.db.update(jobs).set({ status: 'done', finishedAt: at(24 * hours + 6) });
    expect(await check(24 * hours + 10)).toMatchObject([
      { key: 'queue-stalled', phase: 'resolved' },
    ]);
    const resolved = await mailsQueued();
    expect(resolved.map((mail) => mail.subject)).toEqual([
      'Resolved: Background jobs are run again (Sebenza Digital)',
      'Resolved: Background jobs are run again (Sebenza Digital)',
    ]);
    expect(await check(24 * hours + 15)).toEqual([]);

    const [row] = await database.db.select().from(ownerAlerts);
    expect(row).toMatchObject({
      key: 'queue-stalled',
      active: false,
      notices: 2,
      mailed: true,
      startedAt: at(0),
      resolvedAt: at(24 * hours + 10),
    });
  });

  it('neither starts nor clears between its thresholds', async () => {
    await database.db.insert(jobs).values(job({ name: 'send-mail', runAt: at(-10) }));
    expect(await check(0)).toEqual([]);
    await database.db.update(jobs).set({ runAt: at(-16) });
    expect(await check(0)).toMatchObject([{ phase: 'started' }]);
    // Ten minutes late is still "stalled" once it has started: it clears under 5.
    await database.db.update(jobs).set({ runAt: at(-10) });
    expect(await check(5)).toEqual([]);
    await database.db.update(jobs).set({ runAt: at(8) });
    expect(await check(10)).toMatchObject([{ phase: 'resolved' }]);
  });
});

describe('a job type failing', () => {
  it('alerts at three given up, resolves when one succeeds, and needs new failures after', async () => {
    const failed = (minutes: number, error = 'registrar refused: 502') =>
      job({
        name: 'register-domain',
        status: 'failed',
        attempts: 5,
        lastError: error,
        updatedAt: at(minutes),
        finishedAt: at(minutes),
      });
    await database.db.insert(jobs).values([failed(-90), failed(-30)]);
    expect(await check(0)).toEqual([]);

    await database.db.insert(jobs).values(failed(-1, 'DNSimple did not answer within 15000 ms'));
    expect(await check(0)).toMatchObject([
      { key: 'job-failing:register-domain', phase: 'started' },
    ]);
    const [mail] = await mailsQueued();
    expect(mail!.subject).toBe('Alert: register-domain jobs keep failing (Sebenza Digital)');
    expect(mail!.text).toContain(
      '3 register-domain jobs were given up in the last 24 hours, after every try failed.',
    );
    expect(mail!.text).toContain('The latest failed with: DNSimple did not answer within 15000 ms');
    expect(mail!.text).toContain('press Retry on each failed job');

    await database.db
      .insert(jobs)
      .values(job({ name: 'register-domain', status: 'done', finishedAt: at(10) }));
    expect(await check(15)).toMatchObject([
      { key: 'job-failing:register-domain', phase: 'resolved' },
    ]);
    const [resolved] = await mailsQueued();
    expect(resolved!.subject).toBe('Resolved: register-domain jobs work again (Sebenza Digital)');

    // The three old failures are still in the window, but they were this episode's.
    expect(await check(20)).toEqual([]);
    await database.db.insert(jobs).values([failed(21), failed(22)]);
    expect(await check(25)).toEqual([]);
    await database.db.insert(jobs).values(failed(23));
    expect(await check(25)).toMatchObject([{ phase: 'started' }]);
  });

  it('leaves mail to its own alert', async () => {
    await database.db
      .insert(jobs)
      .values(
        [1, 2, 3].map((n) =>
          job({ name: 'send-mail', status: 'failed', attempts: 5, updatedAt: at(-n) }),
        ),
      );
    const steps = await check(0);
    expect(steps.map((step) => step.key)).toEqual(['mail-failing']);
  });
});

describe('mail failing', () => {
  it('is logged loudly, not mailed, while it lasts, and mailed once it clears', async () => {
    await database.db.insert(jobs).values(
      job({
        name: 'send-mail',
        status: 'failed',
        attempts: 5,
        lastError: 'connect ECONNREFUSED 10.0.0.5:587',
        updatedAt: at(-2),
        finishedAt: at(-2),
      }),
    );
    expect(await check(0)).toEqual([{ key: 'mail-failing', phase: 'started', mailedTo: [] }]);
    expect(await mailsQueued()).toEqual([]);
    expect(logged).toContainEqual({
      level: 'error',
      message: expect.stringMatching(
        /^OWNER ALERT \(started\): Mail cannot be delivered\. 1 mail was given up .* ECONNREFUSED .*NOT mailed: mail itself is failing/,
      ),
    });
    const [row] = await database.db.select().from(ownerAlerts);
    expect(row).toMatchObject({ key: 'mail-failing', active: true, mailed: false });

    // Still failing a day later: reminded in the log, still not mailed.
    await database.db.insert(jobs).values(
      job({
        name: 'send-mail',
        lastError: 'ECONNREFUSED',
        attempts: 2,
        runAt: at(24 * hours + 1),
      }),
    );
    expect(await check(24 * hours)).toEqual([
      { key: 'mail-failing', phase: 'reminder', mailedTo: [] },
    ]);
    expect(await mailsQueued()).toEqual([]);

    // The mail server is back: the waiting mail goes out.
    await database.db
      .update(jobs)
      .set({ status: 'done', lastError: null, finishedAt: at(24 * hours + 3) })
      .where(eq(jobs.status, 'queued'));
    expect(await check(24 * hours + 5)).toMatchObject([{ key: 'mail-failing', phase: 'resolved' }]);
    const resolved = await mailsQueued();
    expect(resolved.map((mail) => mail.to)).toEqual([
      'owner.a@example.co.za',
      'owner.b@example.co.za',
    ]);
    expect(resolved[0]!.subject).toBe('Resolved: Mail is delivered again (Sebenza Digital)');
    expect(resolved[0]!.text).toContain('this alert could not be mailed');
    expect(resolved[0]!.text).toContain('press Retry on the send-mail jobs');
  });

  it('starts when several mails wait to be tried again after failing', async () => {
    const retrying = (n: number) =>
      job({ name: 'send-mail', attempts: 1, lastError: 'timeout', runAt: at(n) });
    await database.db.insert(jobs).values([retrying(1), retrying(2)]);
    expect(await check(0)).toEqual([]);
    await database.db.insert(jobs).values(retrying(3));
    expect(await check(0)).toMatchObject([{ key: 'mail-failing', phase: 'started' }]);
  });
});

describe('disk nearly full', () => {
  it('alerts at 90%, holds above 85%, resolves under it', async () => {
    diskPercent = 93.6;
    expect(await check(0)).toMatchObject([{ key: 'disk-full:/srv/sebenza', phase: 'started' }]);
    const [mail] = await mailsQueued();
    expect(mail!.subject).toBe(
      'Alert: The disk holding /srv/sebenza is nearly full (Sebenza Digital)',
    );
    expect(mail!.text).toContain('The disk holding /srv/sebenza is 94% full (3.0 GB free).');
    expect(mail!.text).toContain('What to do: free space');

    diskPercent = 87;
    expect(await check(5)).toEqual([]);
    diskPercent = 91;
    expect(await check(10)).toEqual([]);
    expect(await check(24 * hours)).toMatchObject([{ phase: 'reminder' }]);
    await mailsQueued();
    diskPercent = 80;
    expect(await check(24 * hours + 5)).toMatchObject([{ phase: 'resolved' }]);
    const [resolved] = await mailsQueued();
    expect(resolved!.subject).toBe(
      'Resolved: The disk holding /srv/sebenza has room again (Sebenza Digital)',
    );
    expect(resolved!.text).toContain('is 80% full');
  });

  it('tells no one but the log when there is no active owner', async () => {
    const owners = ['owner.a@example.co.za', 'owner.b@example.co.za', 'gone@example.co.za'];
    await database.db.update(admins).set({ role: 'staff' }).where(inArray(admins.email, owners));
    try {
      diskPercent = 95;
      expect(await check(0)).toEqual([
        { key: 'disk-full:/srv/sebenza', phase: 'started', mailedTo: [] },
      ]);
      expect(await mailsQueued()).toEqual([]);
      expect(logged.at(-1)?.message).toContain('NOT mailed: there is no active owner');
    } finally {
      await database.db.update(admins).set({ role: 'owner' }).where(inArray(admins.email, owners));
    }
  });
});
