/**
 * Compliance care (issue 34 §3, decision 037): a yearly service that files one company's CIPC
 * annual return and beneficial-ownership updates. This file is the plan's life: a paid line
 * starts or extends it by a year (once per line), a refund gives the year back, dunning suspends
 * and lapses it, the customer switches renewal off, and a year ended with nothing coming lapses.
 * Renewal orders are in compliance-care-renewals.service.ts, the team's filings in
 * compliance-filings.service.ts.
 */
import { and, eq, inArray, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  complianceCompanies,
  compliancePlanPeriods,
  compliancePlans,
  orderItems,
  orders,
} from '#db/schema/index.ts';
import { addMonths, saToday } from '#shared/dates.ts';
import type { OrderLine, OrderLineRegistry } from '../orders/order-lines.service.ts';
import { cancelUnpaidOrder } from '../orders/order-status.service.ts';
import { shiftDays } from './compliance.service.ts';

/** How far ahead of its due date a renewal is invoiced and a filing put on the team's list. */
export const careLeadDays = 30;

/** The company a care line is for (kept in its details when priced). */
export const careCompanyOf = (line: Pick<OrderLine, 'details'>): string =>
  (line.details as { companyId: string }).companyId;

/**
 * A paid care line: the company's plan starts today for a year, or a year is added after the
 * year it already covers (a renewal paid early does not lose days). Once per line.
 */
export async function extendCare(tx: Tx, line: OrderLine, userId: string, today: string) {
  const companyId = careCompanyOf(line);
  const [company] = await tx
    .select({ id: complianceCompanies.id })
    .from(complianceCompanies)
    .where(eq(complianceCompanies.id, companyId));
  // The customer removed the company from the calendar since ordering: the team sees the paid
  // line in the order book and settles it by hand.
  if (!company) return;
  const [plan] = await tx
    .select()
    .from(compliancePlans)
    .where(eq(compliancePlans.companyId, companyId))
    .for('update');
  const live = plan && plan.status !== 'lapsed' && plan.status !== 'cancelled';
  const from = live && plan.coveredUntil > today ? plan.coveredUntil : today;
  const until = addMonths(from, 12);
  const [row] = plan
    ? [plan]
    : await tx
        .insert(compliancePlans)
        .values({ userId, companyId, coveredFrom: from, coveredUntil: until })
        .returning();
  const [period] = await tx
    .insert(compliancePlanPeriods)
    .values({ planId: row!.id, orderItemId: line.id, coveredFrom: from, coveredUntil: until })
    .onConflictDoNothing()
    .returning({ id: compliancePlanPeriods.id });
  if (!period) return;
  await tx
    .update(compliancePlans)
    .set({
      status: 'active',
      coveredUntil: until,
      ...(live ? {} : { coveredFrom: from, autoRenew: true }),
    })
    .where(eq(compliancePlans.id, row!.id));
}

/** A refunded care line gives its year back: the plan covers what its other periods still do. */
export async function refundCare(tx: Tx, line: OrderLine): Promise<void> {
  const [period] = await tx
    .delete(compliancePlanPeriods)
    .where(eq(compliancePlanPeriods.orderItemId, line.id))
    .returning();
  if (!period) return;
  const [left] = await tx
    .select({ until: max(compliancePlanPeriods.coveredUntil) })
    .from(compliancePlanPeriods)
    .where(eq(compliancePlanPeriods.planId, period.planId));
  await tx
    .update(compliancePlans)
    .set(left?.until ? { coveredUntil: left.until } : { status: 'cancelled' })
    .where(eq(compliancePlans.id, period.planId));
}

/**
 * The year end a renewal line was made for. Dunning acts on the plan only while that year is
 * still the one owed: a year paid another way since (a care line bought again) is not suspended
 * or lapsed by the old renewal.
 */
const renewalFor = (line: Pick<OrderLine, 'details'>): string | null =>
  (line.details as { renewalFor?: string }).renewalFor ?? null;

/** Dunning stops the filings of a renewal left unpaid; a payment starts them again. */
export async function setCareSuspended(tx: Tx, line: OrderLine, suspended: boolean) {
  const owed = renewalFor(line);
  await tx
    .update(compliancePlans)
    .set({ status: suspended ? 'suspended' : 'active' })
    .where(
      and(
        eq(compliancePlans.companyId, careCompanyOf(line)),
        eq(compliancePlans.status, suspended ? 'active' : 'suspended'),
        ...(suspended && owed ? [eq(compliancePlans.coveredUntil, owed)] : []),
      ),
    );
}

/**
 * An unpaid renewal given up at dunning's end: the plan lapses where its last paid year did. One
 * cancelled because the customer switched renewal off leaves the paid year to run its course
 * (the daily run lapses it at the end).
 */
export async function lapseCare(tx: Tx, line: OrderLine): Promise<void> {
  const owed = renewalFor(line);
  if (!owed) return;
  await tx
    .update(compliancePlans)
    .set({ status: 'lapsed' })
    .where(
      and(
        eq(compliancePlans.companyId, careCompanyOf(line)),
        eq(compliancePlans.coveredUntil, owed),
        eq(compliancePlans.autoRenew, true),
        inArray(compliancePlans.status, ['active', 'suspended']),
      ),
    );
}

/** How long past its end a plan with no paid next year is kept before it lapses regardless. */
const lapseAfterDays = 90;

/**
 * Ends the plans whose paid year is over with nothing coming: renewal switched off, never
 * invoiced, or — a backstop for a renewal order cancelled or refunded outside dunning — 90 days
 * past the end. A lapsed company can buy care again from its calendar. Returns how many.
 */
export async function lapseEndedCare(db: Db, now = new Date()): Promise<number> {
  const today = saToday(now);
  const ended = await db
    .update(compliancePlans)
    .set({ status: 'lapsed' })
    .where(
      and(
        inArray(compliancePlans.status, ['active', 'suspended']),
        lte(compliancePlans.coveredUntil, today),
        or(
          eq(compliancePlans.autoRenew, false),
          isNull(compliancePlans.renewalInvoicedFor),
          ne(compliancePlans.renewalInvoicedFor, compliancePlans.coveredUntil),
          lte(compliancePlans.coveredUntil, shiftDays(today, -lapseAfterDays)),
        ),
      ),
    )
    .returning({ id: compliancePlans.id });
  return ended.length;
}

/**
 * The customer's switch: renew next year, or let the plan end with its paid year. Switched off
 * with the next year's renewal order already made and unpaid, that order is cancelled with it (in
 * one transaction), so neither a reminder nor a saved-card retry follows. False: no such plan.
 */
export async function setCareRenewal(
  db: Db,
  registry: OrderLineRegistry,
  { userId, companyId, autoRenew }: { userId: string; companyId: string; autoRenew: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .update(compliancePlans)
      .set({ autoRenew })
      .where(and(eq(compliancePlans.companyId, companyId), eq(compliancePlans.userId, userId)))
      .returning();
    if (!plan) return false;
    if (autoRenew || plan.renewalInvoicedFor !== plan.coveredUntil) return true;
    const pending = await tx
      .select({ order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.type, 'compliance-care'),
          eq(orders.status, 'pending_payment'),
          sql`${orderItems.details}->>'companyId' = ${companyId}`,
          sql`${orderItems.details}->>'renewalFor' = ${plan.coveredUntil}`,
        ),
      )
      .for('update', { of: orders });
    for (const { order } of pending)
      await cancelUnpaidOrder(tx, registry, order, 'Renewal switched off by the customer');
    return true;
  });
}
