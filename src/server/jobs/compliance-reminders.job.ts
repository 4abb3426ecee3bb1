import type { Db } from '#db/client.ts';
import type { Config } from '../config.ts';
import {
  invoiceCareRenewals,
  openFilingTasks,
} from '../features/compliance/compliance-care.service.ts';
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
    const queued = await sendDueReminders(db, deps.config, now);
    const renewals = await invoiceCareRenewals({ db, config: deps.config }, careRenewalLine, now);
    const filings = await openFilingTasks(db, deps.config, now);
    if (queued + renewals + filings > 0)
      log.info({ queued, renewals, filings }, 'compliance calendar run');
  };
