import { and, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrderEvents, domainOrders } from '#db/schema/index.ts';
import { domainHoldMinutes } from '#shared/domain.schemas.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * One name, one owner. An order holds its name while it awaits payment (for `domainHoldMinutes`),
 * is paid, is being registered or is registered; the partial unique index
 * `domain_orders_live_name_idx` refuses a second such order, and every change that makes a name
 * live first takes the name's lock, so two customers racing for it queue up instead of failing on
 * the index.
 */

/** The order that holds `domain` now, if any (a lapsed hold does not count). */
export async function liveOrderFor(db: Db | Tx, domain: string) {
  const [row] = await db
    .select({ id: domainOrders.id, userId: domainOrders.userId, status: domainOrders.status })
    .from(domainOrders)
    .where(
      and(
        eq(domainOrders.domain, domain),
        // A renewal adds years to its registration's hold and holds nothing itself.
        ne(domainOrders.kind, 'renewal'),
        or(
          inArray(domainOrders.status, ['paid', 'registering', 'active']),
          and(eq(domainOrders.status, 'pending_payment'), gt(domainOrders.heldUntil, sql`now()`)),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Serialises, until the transaction ends, every change that could make `domain` live. */
export async function lockName(tx: Db | Tx, domain: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`domain-order:${domain}`}))`);
}

/**
 * Puts `domain` back on sale from unpaid orders that no longer hold it: those whose hold ran out,
 * and `userId`'s own unpaid ones (the customer is ordering or paying for it again). Call under
 * `lockName`. Such an order can still be paid later; it then gets the name only if it is free.
 */
export async function releaseUnpaidHolds(
  tx: Db | Tx,
  domain: string,
  options: { userId: string | null; except?: string },
): Promise<void> {
  const released = await tx
    .update(domainOrders)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(
      and(
        eq(domainOrders.domain, domain),
        eq(domainOrders.status, 'pending_payment'),
        ne(domainOrders.kind, 'renewal'),
        options.except ? ne(domainOrders.id, options.except) : undefined,
        or(
          lte(domainOrders.heldUntil, sql`now()`),
          options.userId ? eq(domainOrders.userId, options.userId) : undefined,
        ),
      ),
    )
    .returning({ id: domainOrders.id, heldUntil: domainOrders.heldUntil });
  if (released.length === 0) return;
  await tx.insert(domainOrderEvents).values(
    released.map((row) => ({
      orderId: row.id,
      fromStatus: 'pending_payment' as const,
      toStatus: 'released' as const,
      note:
        row.heldUntil && row.heldUntil.getTime() <= Date.now()
          ? `Not paid within ${domainHoldMinutes} minutes: the name went back on sale`
          : 'The customer ordered the name again',
    })),
  );
}

/** An unpaid domain order given up (its order was replaced): its name goes back on sale. */
export async function releaseHold(tx: Db | Tx, domainOrderId: string, note: string): Promise<void> {
  const [released] = await tx
    .update(domainOrders)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(domainOrders.id, domainOrderId), eq(domainOrders.status, 'pending_payment')))
    .returning({ id: domainOrders.id });
  if (!released) return;
  await tx.insert(domainOrderEvents).values({
    orderId: released.id,
    fromStatus: 'pending_payment',
    toStatus: 'released',
    note,
  });
}

/** What a customer is told about a name another customer's unpaid order holds. */
export const heldMessage = (domain: string) =>
  `${domain} is being bought by another customer right now. Try again in ${domainHoldMinutes} minutes, or pick another name.`;

/** 409: another customer's unpaid order holds the name (unlike a registered name, it may free up). */
export class NameHeldError extends AppError {
  constructor(domain: string) {
    super('CONFLICT', { message: heldMessage(domain) });
  }
}

/** The end of a new hold, as the database sees time. */
export const holdEnd = sql`now() + make_interval(mins => ${domainHoldMinutes})`;
