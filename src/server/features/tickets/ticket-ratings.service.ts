/** The customers' one-click ratings from the closing mails, and the report per department. */
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { supportTickets } from '#db/schema/index.ts';
import {
  departmentIds,
  departmentLabels,
  type SupportRatings,
  type TicketRating,
} from '#shared/ticket-desk.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import type { TicketThreads } from './ticket-mail-thread.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Records the rating a signed link names; a later click changes it. Only a resolved or closed
 * ticket is rated: the link is in the mails that end a conversation.
 */
export async function rateTicket(
  db: Db,
  threads: Pick<TicketThreads, 'referenceOfRatingToken'>,
  input: { token: string; rating: TicketRating },
): Promise<{ reference: string; subject: string; rating: TicketRating }> {
  const reference = threads.referenceOfRatingToken(input.token);
  if (!reference) throw new AppError('NOT_FOUND', { message: 'That rating link is not valid' });
  const [rated] = await db
    .update(supportTickets)
    .set({ rating: input.rating, ratedAt: sql`now()` })
    .where(
      and(
        eq(supportTickets.reference, reference),
        inArray(supportTickets.state, ['resolved', 'closed']),
      ),
    )
    .returning({ reference: supportTickets.reference, subject: supportTickets.subject });
  if (!rated) {
    throw new AppError('CONFLICT', {
      message: 'This ticket is open again: rate it once it is resolved',
    });
  }
  return { ...rated, rating: input.rating };
}

/** Ratings of tickets closed or resolved in the last `days` days, per department. */
export async function ratingsReport(db: Db, days: number, now: Date): Promise<SupportRatings> {
  const since = new Date(now.getTime() - days * dayMs);
  const rows = await db
    .select({
      departmentId: supportTickets.departmentId,
      rating: supportTickets.rating,
      tickets: count(),
    })
    .from(supportTickets)
    .where(
      and(
        inArray(supportTickets.state, ['resolved', 'closed']),
        gte(sql`coalesce(${supportTickets.closedAt}, ${supportTickets.resolvedAt})`, since),
      ),
    )
    .groupBy(supportTickets.departmentId, supportTickets.rating);
  const countOf = (id: string, rating: TicketRating | null) =>
    rows.find((row) => row.departmentId === id && row.rating === rating)?.tickets ?? 0;
  return {
    days,
    departments: departmentIds.map((id) => ({
      id,
      name: departmentLabels[id],
      good: countOf(id, 'good'),
      bad: countOf(id, 'bad'),
      unrated: countOf(id, null),
    })),
  };
}
