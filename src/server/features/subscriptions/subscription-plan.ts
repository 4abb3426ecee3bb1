/**
 * What a subscription bills, and when (decision 029): its lines now, a pending change of package
 * or price from its first billing date, a pause; the amount the payment method must charge next.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orderItems, subscriptionEvents } from '#db/schema/index.ts';
import { nextMonth } from '#shared/dates.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { monthlyCharge } from './monthly-charge.ts';
import type { SubscriptionRow } from './subscriptions.service.ts';

/** The lines each month bills now: those of the last change, else the first order's. */
export async function currentLines(tx: Db | Tx, subscription: SubscriptionRow) {
  if (subscription.lines) return subscription.lines;
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, subscription.orderId));
  return monthlyCharge(lines).lines;
}

/**
 * The change a charge on the subscription's next billing date carries: the pending one once that
 * date is on or after the day it starts. Its amount is what the method must charge then.
 */
export const dueChange = (subscription: SubscriptionRow) =>
  subscription.pendingChange && subscription.nextBillingDate >= subscription.pendingChange.startsOn
    ? subscription.pendingChange
    : null;

/** The amount the next charge must be (an ITN for another amount is refused as a mismatch). */
export const dueAmountCents = (subscription: SubscriptionRow) =>
  dueChange(subscription)?.amountCents ?? subscription.amountCents;

/** What the payment method charges each month, as we last told it. */
export const methodAmountCents = (subscription: SubscriptionRow) =>
  subscription.methodAmountCents ?? subscription.amountCents;

/**
 * Queues the job that tells the payment method the amount the next charge must be, when it is not
 * what the method charges: only once the last charge at the old amount is in (the next billing
 * date has reached the change's first day), never before.
 */
export async function queueAmountPushIfDue(tx: Tx, subscription: SubscriptionRow) {
  if (subscription.status !== 'active') return;
  if (dueAmountCents(subscription) === methodAmountCents(subscription)) return;
  await enqueueJob(
    tx,
    'push-subscription-amount',
    { subscriptionId: subscription.id },
    { key: `subscription-amount:${subscription.id}` },
  );
}

/** A line of the subscription's history. */
export const recordSubscriptionEvent = (
  tx: Tx,
  input: {
    subscriptionId: string;
    actor: 'customer' | 'owner' | 'system';
    note: string;
    at: Date;
    details?: Record<string, unknown>;
  },
) => tx.insert(subscriptionEvents).values({ ...input, details: input.details ?? {} });

export interface ScheduledCharge {
  date: string;
  amountCents: number;
  /** Why it differs from today's charge, or the pause before it. */
  note: string | null;
}

/** The next `count` charges: their dates and amounts, a pause skipped, a change from its day. */
export function nextCharges(subscription: SubscriptionRow, count = 3): ScheduledCharge[] {
  if (subscription.status !== 'active') return [];
  const charges: ScheduledCharge[] = [];
  let date = subscription.nextBillingDate;
  const change = subscription.pendingChange;
  for (let i = 0; i < count; i += 1) {
    const changed = change && date >= change.startsOn;
    const firstChanged = changed && (i === 0 || charges[i - 1]!.date < change.startsOn);
    const notes = [
      i === 0 && subscription.resumesOn === date ? 'First charge after the pause' : null,
      firstChanged
        ? change.kind === 'package'
          ? `New package: ${change.title}`
          : 'New price'
        : null,
    ].filter((note): note is string => note !== null);
    charges.push({
      date,
      amountCents: changed ? change.amountCents : subscription.amountCents,
      note: notes.length ? notes.join('; ') : null,
    });
    date = nextMonth(date);
  }
  return charges;
}
