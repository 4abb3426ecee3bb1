import type { Db } from '#db/client.ts';
import type { Config } from '../config.ts';
import { invoiceCareRenewals } from '../features/compliance/compliance-care-renewals.service.ts';
import { lapseEndedCare } from '../features/compliance/compliance-care.service.ts';
import { openFilingTasks } from '../features/compliance/compliance-filings.service.ts';
import { careRenewalLine } from '../features/compliance/compliance.order-lines.ts';
import { sendDueReminders } from '../features/compliance/compliance.service.ts';
import { enqueueJob } from './queue.ts';
import { nextRetentionRun } from './retention.job.ts';
import type { JobHandler } from './runner.ts';

/** Queues the next daily run (02:00 in South Africa), once per day however many processes ask. */
export const scheduleComplianceReminders = (db: Db, now: Date) => {
  const next = nextRetentionRun(now);
  return enqueueJob(
    db,
    'compliance-reminders',
    {},
    { key: `compliance-reminders:${next.toISOString().slice(0, 10)}`, runAt: next },
  );
};

/**
 * The compliance calendar's daily run: each run queues tomorrow's first (a failing run leaves
 * the chain going), then mails what falls due in 30 or 7 days, makes the renewal orders of
 * compliance care whose year ends within 30 days, and puts the filings it owes on the team's
 * list (each step once per item, so a retried run repeats nothing).
 */
export const complianceRemindersJob =
  (deps: { config: Config }): JobHandler<'compliance-reminders'> =>
  async (_payload, { db, log }) => {
    const now = new Date();
    await scheduleComplianceReminders(db, now);
    // Each step runs whatever an earlier one met (every step is once per item, so the retry of
    // a failed run repeats nothing); a failure is logged and fails the run, to be retried.
    const failures: string[] = [];
    const step = async <T>(name: string, run: () => Promise<T>): Promise<T | null> =>
      run().catch((error: unknown) => {
        failures.push(name);
        log.error({ err: error }, `compliance calendar: ${name} failed`);
        return null;
      });
    const queued = await step('reminders', () => sendDueReminders(db, deps.config, now));
    const renewals = await step('renewals', () =>
      invoiceCareRenewals({ db, config: deps.config }, careRenewalLine, now),
    );
    for (const failed of renewals?.failed ?? []) {
      failures.push(`renewal of plan ${failed.planId}`);
      log.error({ planId: failed.planId, error: failed.error }, 'compliance care renewal failed');
    }
    const lapsed = await step('lapses', () => lapseEndedCare(db, now));
    const filings = await step('filings', () => openFilingTasks(db, deps.config, now));
    log.info(
      { queued, renewals: renewals?.made ?? null, lapsed, filings },
      'compliance calendar run',
    );
    if (failures.length > 0) throw new Error(`Compliance calendar: ${failures.join(', ')} failed`);
  };
