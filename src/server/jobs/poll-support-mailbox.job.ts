import type { Db } from '#db/client.ts';
import type { ImapMailbox } from '../config.ts';
import { pollSupportMailbox } from '../features/tickets/ticket-mail-imap.service.ts';
import type { TicketDeps } from '../features/tickets/tickets.service.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

/** The next slot after `now`: every process that computes it agrees, so one poll per slot. */
export const nextMailboxPoll = (now: Date, everySeconds: number) => {
  const stepMs = everySeconds * 1000;
  return new Date(Math.floor(now.getTime() / stepMs) * stepMs + stepMs);
};

/** Queues the next read of the mailbox (a start does, in case the chain was broken). */
export const scheduleMailboxPoll = (db: Db, mailbox: ImapMailbox, now: Date) => {
  const next = nextMailboxPoll(now, mailbox.everySeconds);
  return enqueueJob(
    db,
    'poll-support-mailbox',
    {},
    { key: `poll-support-mailbox:${next.toISOString()}`, runAt: next },
  );
};

/**
 * Reads the support mailbox, as the owner alerts are checked: there is no cron, each run queues
 * the next first. Without INBOUND_IMAP_URL (taken away since the run was queued) it stops.
 */
export const pollSupportMailboxJob =
  (options: {
    deps: Omit<TicketDeps, 'db'>;
    mailbox: ImapMailbox | null;
  }): JobHandler<'poll-support-mailbox'> =>
  async (_payload, { db, log }) => {
    if (!options.mailbox) return;
    await scheduleMailboxPoll(db, options.mailbox, new Date());
    await pollSupportMailbox({ ...options.deps, db }, options.mailbox, log);
  };
