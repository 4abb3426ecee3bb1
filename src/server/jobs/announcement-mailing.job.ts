import {
  runAnnouncementMailing,
  type MailingDeps,
} from '../features/tickets/announcement-mailing.ts';
import type { JobHandler } from './runner.ts';

/** One batch of an announcement's mailing; the batch queues the next while customers remain. */
export const announcementMailingJob =
  (deps: Omit<MailingDeps, 'db'>): JobHandler<'announcement-mailing'> =>
  async ({ announcementId }, { db, log }) => {
    const result = await runAnnouncementMailing({ ...deps, db }, announcementId, new Date());
    log.info({ announcementId, ...result }, 'announcement mailing');
  };
