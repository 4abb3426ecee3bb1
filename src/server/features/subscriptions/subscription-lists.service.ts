/** The subscriptions as the customer and the back office list them, with their charges. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { invoices, orders, payments, subscriptions, users } from '#db/schema/index.ts';
import { centsToRand } from '#shared/money.ts';
import type { AdminSubscription, Subscription } from '#shared/subscriptions.schemas.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import type { SubscriptionRow } from './subscriptions.service.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function summary(row: SubscriptionRow) {
  return {
    reference: row.reference,
    title: row.title,
    amount: centsToRand(row.amountCents),
    status: row.status,
    nextBillingDate: row.status === 'cancelled' ? null : row.nextBillingDate,
    failedCharges: row.failedCharges,
    suspendedAt: iso(row.suspendedAt),
    startedAt: row.createdAt.toISOString(),
    cancelledAt: iso(row.cancelledAt),
  };
}

/** The caller's subscriptions with every charge (newest first), or one of them by reference. */
export async function listSubscriptions(
  db: Db,
  filter: { userId: string; reference?: string },
): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, filter.userId),
        filter.reference ? eq(subscriptions.reference, filter.reference) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt));
  if (rows.length === 0) return [];
  const charges = await db
    .select({ payment: payments, orderReference: orders.reference, invoice: invoices.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(
      inArray(
        payments.subscriptionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(payments.createdAt), asc(payments.reference));
  return rows.map((row) => ({
    ...summary(row),
    charges: charges
      .filter((charge) => charge.payment.subscriptionId === row.id)
      .map(({ payment, orderReference, invoice }) => ({
        paymentReference: payment.reference,
        orderReference: payment.status === 'paid' ? orderReference : null,
        invoice: payment.status === 'paid' && invoice !== null ? invoiceNumber(invoice) : null,
        status: payment.status,
        amount: centsToRand(payment.amountCents),
        date: (payment.paidAt ?? payment.createdAt).toISOString(),
      })),
  }));
}

/** Every subscription for the back office: failing ones first, then the newest. */
export async function listAdminSubscriptions(db: Db): Promise<AdminSubscription[]> {
  const rows = await db
    .select({ subscription: subscriptions, user: users, orderReference: orders.reference })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(desc(subscriptions.failedCharges), desc(subscriptions.createdAt))
    .limit(500);
  return rows.map(({ subscription, user, orderReference }) => ({
    ...summary(subscription),
    customer: user ? { name: user.fullName, email: user.email } : null,
    orderReference,
    lastFailedAt: iso(subscription.lastFailedAt),
  }));
}
