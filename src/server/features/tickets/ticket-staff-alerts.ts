/**
 * Who on the team hears of a ticket: a new ticket or a customer's reply goes to the assignee,
 * else the department (when it wants that alert); a missed target goes to the department and the
 * assignee both.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { admins } from '#db/schema/index.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { departmentRecipients } from './ticket-departments.service.ts';
import { ticketToStaffMail } from './ticket-mails.ts';
import type { Row, TicketDeps } from './tickets.service.ts';

/** The assignee's address, unless nobody (or a disabled administrator) holds the ticket. */
async function assigneeEmail(tx: Tx, row: Row): Promise<string | null> {
  if (!row.assigneeId) return null;
  const [admin] = await tx
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.id, row.assigneeId), isNull(admins.disabledAt)));
  return admin?.email ?? null;
}

/** The staff's mail of a new ticket or a customer's reply, to each who should hear of it. */
export async function alertStaff(
  tx: Tx,
  { config, threads }: Omit<TicketDeps, 'db'>,
  row: Row,
  message: string,
  isNew: boolean,
): Promise<void> {
  const assignee = await assigneeEmail(tx, row);
  const recipients = assignee
    ? [assignee]
    : await departmentRecipients(
        tx,
        config,
        row.departmentId,
        isNew ? 'new ticket' : 'customer reply',
      );
  for (const to of recipients) {
    await queueMail(tx, {
      to,
      ...ticketToStaffMail(config, row, message, isNew),
      ...threads.outgoing(row.reference),
    });
  }
}

/** The department's staff for a missed target, and the ticket's assignee, each once. */
export async function breachRecipients(
  tx: Tx,
  config: TicketDeps['config'],
  row: Row,
): Promise<string[]> {
  const recipients = new Set(await departmentRecipients(tx, config, row.departmentId, 'breach'));
  const assignee = await assigneeEmail(tx, row);
  if (assignee) recipients.add(assignee);
  return [...recipients];
}
