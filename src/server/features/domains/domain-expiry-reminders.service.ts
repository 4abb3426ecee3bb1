/** Reminders before a registration runs out, scheduled when it is activated or renewed. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrderEvents, domainOrders, orderItems, orders } from '#db/schema/index.ts';
import { autoRenewInvoiceDays, domainReminderDays } from '#shared/domain.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { activeSavedCard } from '../saved-cards/saved-cards.service.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { domainExpiryMail } from './domain-order-mails.ts';
import {
  recordEvent,
  toRegistrant,
  type RegistrationDeps,
  dayMs,
} from './domain-orders.service.ts';

/**
 * Queues the reminders of one expiry, 30, 7 and 1 days before it (those still ahead), and its
 * renewal invoice 14 days before it (sent only if auto-renew is on by then).
 */
export async function scheduleExpiryReminders(tx: Db | Tx, orderId: string, expiresAt: Date) {
  const invoiceAt = new Date(expiresAt.getTime() - autoRenewInvoiceDays * dayMs);
  await enqueueJob(
    tx,
    'domain-renewal-invoice',
    { orderId, expiresAt: expiresAt.toISOString() },
    {
      key: `domain-renewal-invoice:${orderId}:${expiresAt.toISOString()}`,
      runAt: invoiceAt.getTime() > Date.now() ? invoiceAt : new Date(),
    },
  );
  for (const daysBefore of domainReminderDays) {
    const runAt = new Date(expiresAt.getTime() - daysBefore * dayMs);
    if (runAt.getTime() <= Date.now()) continue;
    await enqueueJob(
      tx,
      'domain-expiry-reminder',
      { orderId, daysBefore },
      { key: `domain-expiry-reminder:${orderId}:${expiresAt.toISOString()}:${daysBefore}`, runAt },
    );
  }
}

/**
 * The domain-expiry-reminder job: mails the owner that the domain expires in `daysBefore` days,
 * once (recorded in its history). A domain no longer active, or whose expiry has moved since the
 * reminder was queued, is not mailed.
 */
export async function remindDomainExpiry(
  deps: RegistrationDeps,
  orderId: string,
  daysBefore: number,
): Promise<void> {
  const [order] = await deps.db.select().from(domainOrders).where(eq(domainOrders.id, orderId));
  if (!order || order.status !== 'active' || !order.expiresAt) return;
  const daysLeft = Math.ceil((order.expiresAt.getTime() - Date.now()) / dayMs);
  if (daysLeft <= 0 || daysLeft > daysBefore) return;
  const note = `Expiry reminder sent (${daysBefore} ${daysBefore === 1 ? 'day' : 'days'} before)`;
  const registrant = toRegistrant(order);
  await deps.db.transaction(async (tx) => {
    const [sent] = await tx
      .select({ id: domainOrderEvents.id })
      .from(domainOrderEvents)
      .where(and(eq(domainOrderEvents.orderId, order.id), eq(domainOrderEvents.note, note)));
    if (sent) return;
    await recordEvent(tx, order.id, 'active', 'active', note);
    await queueMail(tx, {
      to: registrant.email,
      userId: order.userId,
      ...domainExpiryMail(deps.config, order, registrant.firstName, await whatComesNext(tx, order)),
    });
  });
}

/** The renewal order waiting for payment, if any, and the card a renewal would be charged to. */
async function whatComesNext(tx: Tx, registration: { id: string; userId: string | null }) {
  const [open] = await tx
    .select({ order: orders })
    .from(domainOrders)
    .innerJoin(orderItems, eq(orderItems.domainOrderId, domainOrders.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(domainOrders.renewsOrderId, registration.id),
        eq(domainOrders.status, 'pending_payment'),
        eq(orders.status, 'pending_payment'),
      ),
    )
    .limit(1);
  const card = registration.userId ? await activeSavedCard(tx, registration.userId) : null;
  return {
    renewal: open
      ? {
          orderReference: open.order.reference,
          dueCents: open.order.totalCents - (await paidTowards(tx, open.order.id)),
        }
      : null,
    savedCard: card?.label ?? null,
  };
}
