import type { Database } from '#db/client.ts';
import type { BackupsConfig } from '../config.ts';
import { scheduleNextBackup, takeBackup } from '../features/backups/backups.service.ts';
import { extendLeases, leaseRenewalMs } from './queue.ts';
import type { JobHandler } from './runner.ts';

/**
 * Takes a backup (features/backups). A scheduled run first queues the next one, so a run that
 * fails — retried by the queue, then parked as failed for the back office — never stops the
 * schedule; one queued before the schedule was turned off (BACKUP_EVERY_HOURS=0) does nothing.
 * `now` is the clock of the file names, the manifest and the schedule: tests move it.
 */
export const backupJob =
  (options: {
    database: Database;
    config: BackupsConfig;
    now?: () => Date;
    timeoutMs?: number;
  }): JobHandler<'backup'> =>
  async ({ trigger }, { db, log }) => {
    const now = options.now ?? (() => new Date());
    if (trigger === 'schedule') {
      if (!options.config.dir || options.config.everyHours === 0) return;
      await scheduleNextBackup(db, options.config, now());
    }
    // A dump can outlast the queue's lease: renew it, or another runner would take the job as
    // crashed and start a second backup beside this one.
    const renew = setInterval(() => {
      extendLeases(db, 'backup').catch((error: unknown) =>
        log.warn({ err: error }, 'backup: job lease not renewed'),
      );
    }, leaseRenewalMs);
    renew.unref();
    try {
      const backup = await takeBackup({
        database: options.database,
        config: options.config,
        trigger,
        now,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      log.info(
        { backup: backup.name, bytes: backup.bytes, trigger },
        `backup written and verified: ${backup.verification.detail}`,
      );
    } finally {
      clearInterval(renew);
    }
  };
