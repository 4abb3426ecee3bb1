/** The subscriptions as the customer and the back office list them, with their charges. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  invoices,
  orders,
  payments,
  servicePackages,
  services,
  subscriptionEvents,
  subscriptions,
  users,
} from '#db/schema/index.ts';
import { centsToRand } from '#shared/money.ts';
import type { AdminSubscription, Subscription } from '#shared/subscriptions.schemas.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { currentLines, nextCharges } from './subscription-plan.ts';
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
    pausedUntil: row.pausedAt ? row.resumesOn : null,
    pendingChange: row.pendingChange && {
      kind: row.pendingChange.kind,
      title: row.pendingChange.title,
      amount: centsToRand(row.pendingChange.amountCents),
      startsOn: row.pendingChange.startsOn,
    },
  };
}

/**
 * What the customer may do with a running subscription: pause it (every package of it allows),
 * and the monthly packages of its services it may move to, at today's prices.
 */
async function choices(db: Db | Tx, row: SubscriptionRow) {
  if (row.status !== 'active') return { pausable: false, packageOptions: [] };
  const lines = await currentLines(db, row);
  const ids = lines.map((line) => line.packageId).filter((id): id is string => id !== null);
  if (ids.length === 0) return { pausable: false, packageOptions: [] };
  const own = await db.select().from(servicePackages).where(inArray(servicePackages.id, ids));
  const siblings = await db
    .select({ pkg: servicePackages, service: services })
    .from(servicePackages)
    .innerJoin(services, eq(services.slug, servicePackages.serviceSlug))
    .where(
      and(
        inArray(
          servicePackages.serviceSlug,
          own.map((pkg) => pkg.serviceSlug),
        ),
        eq(servicePackages.billing, 'monthly'),
        eq(servicePackages.pricing, 'fixed'),
        eq(servicePackages.active, true),
      ),
    )
    .orderBy(asc(servicePackages.sort));
  const billed = row.pendingChange?.lines ?? lines;
  return {
    pausable: own.length === new Set(ids).size && own.every((pkg) => pkg.pausable),
    packageOptions: siblings.map(({ pkg, service }) => ({
      id: pkg.id,
      name: pkg.name,
      service: service.name,
      amount: centsToRand(pkg.priceCents),
      current: billed.some((line) => line.packageId === pkg.id),
    })),
  };
}

/** The caller's subscriptions with every charge (newest first), or one of them by reference. */
export async function listSubscriptions(
  db: Db | Tx,
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
  const history = await db
    .select()
    .from(subscriptionEvents)
    .where(
      inArray(
        subscriptionEvents.subscriptionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(subscriptionEvents.at), desc(subscriptionEvents.id));
  const options = await Promise.all(rows.map((row) => choices(db, row)));
  return rows.map((row, i) => ({
    ...summary(row),
    ...options[i]!,
    nextCharges: nextCharges(row).map((charge) => ({
      date: charge.date,
      amount: centsToRand(charge.amountCents),
      note: charge.note,
    })),
    history: history
      .filter((event) => event.subscriptionId === row.id)
      .map((event) => ({ at: event.at.toISOString(), actor: event.actor, note: event.note })),
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
