import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { AdminTicketSummary } from '#shared/tickets.schemas.ts';
import { cn } from '../../../lib/cn.ts';

const minuteMs = 60_000;

/** "3 h 20 min", "45 min", "2 days": how far a due time is from now. */
function span(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / minuteMs));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * A ticket's response clock as the team reads it: on the team's turn, the first reply or the
 * resolution due (or how late it is, flagged in red once the desk's watch found it missed);
 * otherwise who the ticket waits on.
 */
export function TicketClock({
  ticket,
}: {
  ticket: Pick<AdminTicketSummary, 'state' | 'clock' | 'rating'>;
}) {
  // The moment the list was shown: the clock reads from then until the next load.
  const [now] = useState(Date.now);
  const { clock, state } = ticket;
  if (state === 'awaiting_customer') return <span className="text-muted">Waiting on customer</span>;
  if (state !== 'open') {
    return (
      <span className="text-muted">
        {ticket.rating === 'good' ? 'Rated good' : ticket.rating === 'bad' ? 'Rated not good' : '—'}
      </span>
    );
  }
  const firstReply = clock.firstResponseAt === null;
  const due = new Date(firstReply ? clock.firstResponseDueAt : clock.resolutionDueAt).getTime();
  const what = firstReply ? 'First reply' : 'Resolution';
  const missed = firstReply ? clock.firstResponseBreached : clock.resolutionBreached;
  const late = missed || due < now;
  return (
    <span className={cn('whitespace-nowrap', late ? 'font-semibold text-red-700' : 'text-ink')}>
      {late ? `${what} ${span(now - due)} late` : `${what} due in ${span(due - now)}`}
      <span className="block text-xs font-normal text-muted">
        {late ? 'Was due' : 'By'} {formatDateTime(due)}
      </span>
    </span>
  );
}
