import { anonymiseExpiredRecords } from '../features/account/account.service.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** 02:00 in South Africa (00:00 UTC) after `now`: a quiet hour for the daily run. */
export const nextRetentionRun = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + dayMs);

/** The key of the retention run due on a day: one a day, however many processes start. */
export const retentionKey = (day: Date) => `retention:${day.toISOString().slice(0, 10)}`;

/**
 * Anonymises the records of deleted customers that the VAT Act no longer needs (invoices and
 * credit notes past five years), then queues tomorrow's run: there is no cron, the job keeps
 * itself going, and every start queues today's in case the chain was broken.
 */
export const retentionJob =
  (): JobHandler<'retention'> =>
  async (_payload, { db, log }) => {
    const anonymised = await anonymiseExpiredRecords(db);
    if (anonymised > 0)
      log.info({ anonymised }, 'retention: old records of deleted customers anonymised');
    const next = nextRetentionRun(new Date());
    await enqueueJob(db, 'retention', {}, { key: retentionKey(next), runAt: next });
  };
