import type { Db } from '#db/client.ts';
import { watchTicketDesk } from '../features/tickets/ticket-desk-watch.service.ts';
import type { TicketDeps } from '../features/tickets/tickets.service.ts';
import { nextAlertCheck } from './owner-alerts.job.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

/** Queues the desk's next look, on the same 5-minute slots as the owners' alerts (one per slot). */
export const scheduleTicketDeskWatch = (db: Db, now: Date) => {
  const next = nextAlertCheck(now);
  return enqueueJob(
    db,
    'ticket-desk-watch',
    {},
    { key: `ticket-desk-watch:${next.toISOString()}`, runAt: next },
  );
};

/** Each run queues the next first, so a failed look leaves the chain going. */
export const ticketDeskWatchJob =
  (deps: Omit<TicketDeps, 'db'> & { now?: () => Date }): JobHandler<'ticket-desk-watch'> =>
  async (_payload, { db, log }) => {
    const now = deps.now?.() ?? new Date();
    await scheduleTicketDeskWatch(db, now);
    const outcome = await watchTicketDesk({ db, config: deps.config, threads: deps.threads }, now);
    if (outcome.breaches + outcome.warned + outcome.closed > 0) log.info(outcome, 'ticket desk');
  };
