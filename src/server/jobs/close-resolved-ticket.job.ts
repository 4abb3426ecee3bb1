import { closeResolvedTicket } from '../features/tickets/ticket-desk.service.ts';
import type { JobHandler } from './runner.ts';

/**
 * Closes a support ticket 7 days after it was resolved. Nothing happens when the customer replied
 * in between (the ticket is open again) or when it was resolved again later (that resolve queued
 * its own job).
 */
export const closeResolvedTicketJob =
  (): JobHandler<'close-resolved-ticket'> =>
  async ({ ticketId }, { db, log }) => {
    if (await closeResolvedTicket(db, ticketId)) log.info({ ticketId }, 'resolved ticket closed');
  };
