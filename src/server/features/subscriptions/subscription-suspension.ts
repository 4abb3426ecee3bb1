import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { subscriptions } from '#db/schema/index.ts';
import type { LineType, OrderLineKind } from '../orders/order-lines.service.ts';
import { monthlyCharge } from './monthly-charge.ts';

type Suspension = Required<Pick<OrderLineKind<LineType>, 'suspend' | 'unsuspend'>>;

/**
 * Suspension of a managed monthly service (bookkeeping, e-mail, hosting care — a package line
 * with monthly parts), for the catalogue's kinds: its subscription is marked suspended, which the
 * team and the customer see on it. A line without monthly parts (a report, a plan, a website)
 * was paid in full and keeps its access.
 */
export const monthlyServiceSuspension: Suspension = {
  async suspend(tx, line) {
    if (monthlyCharge([line]).totalCents === 0) return;
    await tx
      .update(subscriptions)
      .set({ suspendedAt: sql`now()` })
      .where(and(eq(subscriptions.orderId, line.orderId), isNull(subscriptions.suspendedAt)));
  },
  async unsuspend(tx, line) {
    if (monthlyCharge([line]).totalCents === 0) return;
    await tx
      .update(subscriptions)
      .set({ suspendedAt: null })
      .where(and(eq(subscriptions.orderId, line.orderId), isNotNull(subscriptions.suspendedAt)));
  },
};
