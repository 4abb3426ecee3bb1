import type { DiskWatch } from '../features/alerts/alert-conditions.ts';
import { alertRules } from '../features/alerts/alert-conditions.ts';
import { checkOwnerAlerts } from '../features/alerts/alerts.service.ts';
import type { Config } from '../config.ts';
import type { Db } from '#db/client.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

const stepMs = alertRules.checkEveryMinutes * 60_000;

/** The next whole 5 minutes after `now`: every process that computes it agrees. */
export const nextAlertCheck = (now: Date) =>
  new Date(Math.floor(now.getTime() / stepMs) * stepMs + stepMs);

/** One check per slot, however many processes queue it. */
export const alertCheckKey = (at: Date) => `owner-alerts:${at.toISOString()}`;

/** Queues the next check (a start does, in case the chain was broken). */
export const scheduleAlertCheck = (db: Db, now: Date) => {
  const next = nextAlertCheck(now);
  return enqueueJob(db, 'owner-alerts', {}, { key: alertCheckKey(next), runAt: next });
};

/**
 * Checks the owners' alerts every few minutes, as retention does daily: there is no cron, each
 * run queues the next. The next is queued first, so a check that fails still leaves the chain
 * going. `now` is the clock of the checks: tests move it.
 */
export const ownerAlertsJob =
  (options: {
    config: Parameters<typeof checkOwnerAlerts>[0]['config'] & Pick<Config, 'site'>;
    now?: () => Date;
    disk?: DiskWatch;
  }): JobHandler<'owner-alerts'> =>
  async (_payload, { db, log }) => {
    const now = options.now?.() ?? new Date();
    await scheduleAlertCheck(db, now);
    await checkOwnerAlerts({ db, config: options.config, log, now, disk: options.disk });
  };
