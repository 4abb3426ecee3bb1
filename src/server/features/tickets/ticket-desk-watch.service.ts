/**
 * The desk's clock, run every few minutes: response-time targets found missed are flagged and
 * the staff alerted once; a ticket waiting on the customer gets a mail before it closes, then
 * closes with the rating links. `now` is the job's clock (tests move it).
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { supportTicketMessages, supportTickets } from '#db/schema/index.ts';
import { awaitingCloseDays, awaitingWarnDays, targetsOf } from '#shared/ticket-desk.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { breachRecipients } from './ticket-staff-alerts.ts';
import { ticketBreachMail, ticketClosedMail, ticketClosingSoonMail } from './ticket-mails.ts';
import { customerLink, lockTicketRow, type TicketDeps } from './tickets.service.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** Tickets looked at per run; the next run takes the rest. */
const batch = 200;

export interface DeskWatchOutcome {
  breaches: number;
  warned: number;
  closed: number;
}

/** Flags the targets an open ticket (the team's turn) has missed, alerting once for each. */
async function flagBreaches(deps: TicketDeps, now: Date): Promise<number> {
  const candidates = await deps.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.state, 'open'),
        or(
          and(
            isNull(supportTickets.firstResponseAt),
            isNull(supportTickets.firstResponseBreachedAt),
          ),
          isNull(supportTickets.resolutionBreachedAt),
        ),
        // No target is shorter than an hour: younger tickets cannot have missed one.
        lte(supportTickets.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    )
    .limit(batch);
  let flagged = 0;
  for (const { id } of candidates) {
    flagged += await deps.db.transaction(async (tx) => {
      const row = await lockTicketRow(tx, id);
      if (row.state !== 'open') return 0;
      const due = targetsOf(row);
      const missed: { kind: 'first response' | 'resolution'; dueAt: Date }[] = [];
      if (!row.firstResponseAt && !row.firstResponseBreachedAt && now > due.firstResponseDueAt) {
        missed.push({ kind: 'first response', dueAt: due.firstResponseDueAt });
      }
      if (!row.resolutionBreachedAt && now > due.resolutionDueAt) {
        missed.push({ kind: 'resolution', dueAt: due.resolutionDueAt });
      }
      if (missed.length === 0) return 0;
      await tx
        .update(supportTickets)
        .set({
          ...(missed.some((m) => m.kind === 'first response')
            ? { firstResponseBreachedAt: now }
            : {}),
          ...(missed.some((m) => m.kind === 'resolution') ? { resolutionBreachedAt: now } : {}),
        })
        .where(eq(supportTickets.id, row.id));
      for (const to of await breachRecipients(tx, deps.config, row)) {
        for (const { kind, dueAt } of missed) {
          await queueMail(tx, { to, ...ticketBreachMail(deps.config, row, kind, dueAt) });
        }
      }
      return missed.length;
    });
  }
  return flagged;
}

/** When the team last answered the customer (what the wait before closing counts from). */
const lastAnswerAt = sql<Date>`coalesce((
  select max(${supportTicketMessages.createdAt}) from ${supportTicketMessages}
  where ${supportTicketMessages.ticketId} = ${supportTickets.id}
    and ${supportTicketMessages.author} = 'staff' and ${supportTicketMessages.internal} = false
), ${supportTickets.updatedAt})`;

/** Warns the customers of tickets waiting on them, then closes those still waiting. */
async function closeWaitingTickets(deps: TicketDeps, now: Date) {
  const warnBefore = new Date(now.getTime() - awaitingWarnDays * dayMs);
  const closeBefore = new Date(now.getTime() - (awaitingCloseDays - awaitingWarnDays) * dayMs);
  const due = await deps.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.state, 'awaiting_customer'),
        or(
          and(isNull(supportTickets.closeWarnedAt), lte(lastAnswerAt, warnBefore)),
          lte(supportTickets.closeWarnedAt, closeBefore),
        ),
      ),
    )
    .limit(batch);
  let warned = 0;
  let closed = 0;
  for (const { id } of due) {
    const outcome = await deps.db.transaction(async (tx) => {
      const row = await lockTicketRow(tx, id);
      if (row.state !== 'awaiting_customer') return null;
      const link = await customerLink(tx, deps.config, row);
      const mail = { to: row.email, userId: row.userId, linkToken: link.linkToken };
      if (!row.closeWarnedAt) {
        await tx
          .update(supportTickets)
          .set({ closeWarnedAt: now })
          .where(eq(supportTickets.id, row.id));
        const closesAt = new Date(now.getTime() + (awaitingCloseDays - awaitingWarnDays) * dayMs);
        await queueMail(tx, {
          ...mail,
          ...ticketClosingSoonMail(deps.config, row, closesAt, link.url),
          ...deps.threads.outgoing(row.reference),
        });
        return 'warned' as const;
      }
      if (row.closeWarnedAt > closeBefore) return null;
      await tx
        .update(supportTickets)
        .set({ state: 'closed', closedAt: now, updatedAt: sql`now()` })
        .where(eq(supportTickets.id, row.id));
      await queueMail(tx, {
        ...mail,
        ...ticketClosedMail(deps.config, row, link.url, deps.threads.ratingToken(row.reference)),
        ...deps.threads.outgoing(row.reference),
      });
      return 'closed' as const;
    });
    if (outcome === 'warned') warned += 1;
    if (outcome === 'closed') closed += 1;
  }
  return { warned, closed };
}

export async function watchTicketDesk(deps: TicketDeps, now: Date): Promise<DeskWatchOutcome> {
  const breaches = await flagBreaches(deps, now);
  const { warned, closed } = await closeWaitingTickets(deps, now);
  return { breaches, warned, closed };
}
