/**
 * Money held for customers and their orders: account credit (a ledger per customer) and what an
 * unpaid order has received so far. Orders, payments and refunds write to it; it reads only the
 * tables, so any of them may use it.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '#db/client.ts';
import { creditEntries, orders, payments, refunds } from '#db/schema/index.ts';

export type CreditEntry = typeof creditEntries.$inferInsert;
export type CreditKind = NonNullable<CreditEntry['kind']>;

/** The kinds that move money between an order and the credit, not into or out of the company. */
const orderKinds: CreditKind[] = ['applied', 'released', 'excess'];

/**
 * Serialises every change to one customer's credit (two tabs paying from it, a refund, the
 * team's adjustment) for the rest of the caller's transaction.
 */
export async function lockCredit(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit:${userId}`}))`);
}

/** The customer's credit balance in cents (the ledger's sum). */
export async function creditBalance(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${creditEntries.amountCents}), 0)` })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId));
  return Number(row?.cents ?? 0);
}

/**
 * What the customer may spend now: the balance less refunds to the card in flight of money that
 * is their credit (an overpayment, a payment towards an order cancelled unpaid); the credit is
 * taken off when the refund is made.
 */
export async function spendableCredit(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.destination, 'method'),
        eq(orders.userId, userId),
        or(eq(payments.overpayment, true), isNull(orders.paidAt)),
      ),
    );
  return (await creditBalance(db, userId)) - Number(row?.cents ?? 0);
}

/** One movement of a customer's credit, in the caller's transaction (which holds lockCredit). */
export async function addCreditEntry(tx: Tx, entry: CreditEntry): Promise<void> {
  if (entry.amountCents === 0) return;
  await tx.insert(creditEntries).values(entry);
}

/** The payments that count towards an order: paid, and not an overpayment kept as credit. */
export const countsTowards = (orderId: string) =>
  and(eq(payments.orderId, orderId), eq(payments.status, 'paid'), eq(payments.overpayment, false));

/**
 * What an order has received towards its total: its paid payments (not overpayments) and the
 * credit applied to it, less what went back to credit (an excess, or released when cancelled).
 */
export async function paidTowards(db: Db | Tx, orderId: string): Promise<number> {
  return Number(
    (
      await db
        .select({ cents: receivedTowards(orders.id) })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0]?.cents ?? 0,
  );
}

/** A column named with its table, as a correlated subquery needs it (drizzle leaves it bare). */
const qualified = (table: AnyPgTable, column: AnyPgColumn) =>
  sql`${table}.${sql.identifier(column.name)}`;

/** What the orders of a query have received towards their totals (as `paidTowards`), as SQL. */
export const receivedTowards = (orderId: AnyPgColumn) => {
  const order = qualified(orderId.table, orderId);
  return sql<string>`(
  (select coalesce(sum(coalesce(${qualified(payments, payments.grossCents)}, ${qualified(payments, payments.amountCents)})), 0)
     from ${payments}
    where ${qualified(payments, payments.orderId)} = ${order}
      and ${qualified(payments, payments.status)} = 'paid'
      and ${qualified(payments, payments.overpayment)} = false)
  - (select coalesce(sum(${qualified(creditEntries, creditEntries.amountCents)}), 0)
       from ${creditEntries}
      where ${qualified(creditEntries, creditEntries.orderId)} = ${order}
        and ${qualified(creditEntries, creditEntries.kind)} in (${sql.join(
          orderKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})))`;
};

/** The credit applied to an order, in cents (positive). */
export async function creditApplied(db: Db | Tx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${creditEntries.amountCents}), 0)` })
    .from(creditEntries)
    .where(and(eq(creditEntries.orderId, orderId), eq(creditEntries.kind, 'applied')));
  return -Number(row?.cents ?? 0);
}

/**
 * An unpaid order is given up (cancelled, expired): whatever it received — part payments,
 * credit applied — becomes the customer's credit, in the caller's transaction. Returns the cents.
 */
export async function releaseOrderMoney(
  tx: Tx,
  order: { id: string; reference: string; userId: string | null },
): Promise<number> {
  if (!order.userId) return 0;
  await lockCredit(tx, order.userId);
  const held = await paidTowards(tx, order.id);
  if (held <= 0) return 0;
  await addCreditEntry(tx, {
    userId: order.userId,
    amountCents: held,
    kind: 'released',
    description: `Paid towards order ${order.reference}, which was cancelled`,
    orderId: order.id,
  });
  return held;
}
