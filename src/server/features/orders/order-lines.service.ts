import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import { orderItems, type orders, users } from '#db/schema/index.ts';
import type { orderItemSchema } from '#shared/orders.schemas.ts';

/**
 * The order-line registry (decision 020): what orders and payments know of the things the shop
 * sells. Each selling feature describes its kinds of line once, in its `<feature>.order-lines.ts`
 * — how a cart line is checked and priced, what it creates with the order, what a payment
 * starts for it and what a refund of the whole order takes back — and the composition root
 * (`server/order-line-kinds.ts`) puts them together. Orders and payments call the kinds through
 * the registry and import none of those features.
 */

/** A line as the cart sends it (`POST /api/orders`), validated by its schema. */
export type CartLine = z.output<typeof orderItemSchema>;
/** The lines only the server makes: the R5.00 test payment, and what the team invoices. */
type ServerLineType = 'test' | 'invoice-line' | 'quote-part';
/** Every kind of line: the cart's, and the server's own. */
export type LineType = CartLine['type'] | ServerLineType;
/** The cart line of one kind (a server-made line has none but its type). */
export type LineInput<T extends LineType> = Extract<
  CartLine | { [S in ServerLineType]: { type: S } }[ServerLineType],
  { type: T }
>;

/** One priced part of a package line: the package itself, or one of its add-ons. */
export interface InvoicePart {
  name: string;
  unitCents: number;
  billing: 'once' | 'monthly' | 'yearly';
}

/** The records a line's `create` made, linked from its order line. */
export interface LineLinks {
  domainOrderId?: string;
}

/** A line priced by its kind, ready to be stored with its order. */
export interface PricedLine {
  type: LineType;
  title: string;
  packageId: string | null;
  addOnIds: string[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** A quoted service request this line pays. */
  serviceRequestId?: string;
  /**
   * Kept on the order line: how the invoice describes it (`parts`, the package and each add-on
   * at the price charged; without them the line is one invoice line) and what its fulfilment
   * needs (a full speed report's address, a company's registration details).
   */
  details?: Record<string, unknown>;
  /**
   * What the line costs us, excluding VAT (a domain's registrar cost, all its years): a coupon
   * never takes it below the price at which it loses nothing.
   */
  costCents?: number;
  /** A domain line's ending ("co.za"), which a coupon may be limited to. */
  ending?: string;
  /**
   * Makes the line's own records in the order's transaction (a domain order holding its name);
   * `discountCents` is what a coupon takes off this line, so the records hold the price paid.
   */
  create?: (tx: Tx, context: { userId: string; discountCents: number }) => Promise<LineLinks>;
  /** Runs once the order is stored (a domain line's cached availability is forgotten). */
  afterCommit?: () => void;
}

/**
 * The type of an order's discount line (a coupon's, issue 29 §3): a negative total, so the lines
 * add up to the order's total and its invoice shows the discount as a line of its own. No kind
 * is registered for it: a payment starts nothing for it and a refund takes nothing back.
 */
export const discountLineType = 'coupon';

/** A stored order line, as a payment or a refund finds it. */
export type OrderLine = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The paid (or refunded) order a line belongs to, with its customer when the account remains. */
export interface LineContext {
  order: OrderRow;
  customer: { id: string; fullName: string; email: string } | null;
}

/**
 * One kind of order line. `fulfil` is required: a kind that cannot say what a payment starts
 * for it (even "nothing, the team takes it from the order book") does not compile.
 */
export interface OrderLineKind<T extends LineType> {
  /**
   * Checks a cart line beyond its schema (is it on sale, is the address public, is the name
   * free…) and prices it on the server; refuses with an AppError (400, 409) what cannot be sold.
   * The browser's `price` and `title` are never read.
   */
  price(db: Db, line: LineInput<T>, context: { userId: string }): Promise<PricedLine>;
  /** What a payment starts for one of these lines, in the payment's transaction; idempotent. */
  fulfil(tx: Tx, line: OrderLine, context: LineContext): Promise<void>;
  /** What a refund of the whole order takes back for one of these lines, in the refund's transaction. */
  undo?(tx: Tx, line: OrderLine, context: LineContext): Promise<void>;
  /** What an unpaid order given up lets go for one of these lines (a domain's hold). */
  release?(tx: Tx, line: OrderLine, context: LineContext): Promise<void>;
  /**
   * What going unpaid past the dunning policy's days stops for one of these lines (issue 30 §3):
   * a managed monthly service is marked suspended for the team. A kind without it keeps what
   * was paid for (a report, a plan). In the dunning step's transaction; idempotent.
   */
  suspend?(tx: Tx, line: OrderLine, context: LineContext): Promise<void>;
  /** What a payment restores of what `suspend` stopped, in the payment's transaction. */
  unsuspend?(tx: Tx, line: OrderLine, context: LineContext): Promise<void>;
}

/** Every line type with its kind: a type without one does not compile. */
export type OrderLineRegistry = { readonly [T in LineType]: OrderLineKind<T> };

/** A fulfilment shared by the lines of several kinds (the packages of one catalogue service). */
export type LineFulfilment = OrderLineKind<LineType>['fulfil'];

/** For kinds whose lines start nothing by themselves (the team takes them from the order book). */
export const nothingToStart: LineFulfilment = async () => {};

/** The kind of a line type, or undefined for a type no kind knows (a stored line's `type` is text). */
export function kindOf(
  registry: OrderLineRegistry,
  type: string,
): OrderLineKind<LineType> | undefined {
  return Object.hasOwn(registry, type)
    ? (registry[type as LineType] as OrderLineKind<LineType>)
    : undefined;
}

async function linesOf(tx: Tx, order: OrderRow) {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [customer] = order.userId
    ? await tx
        .select({ id: users.id, fullName: users.fullName, email: users.email })
        .from(users)
        .where(eq(users.id, order.userId))
    : [];
  return { lines, context: { order, customer: customer ?? null } };
}

/**
 * What a paid order starts, line by line in its order, in the payment's transaction: each kind
 * fulfils its own lines (a domain is registered, a quote is paid, a website becomes a project…).
 * A line of a type no kind knows (none is stored today) is left to the team, as before.
 */
export async function fulfilOrderLines(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
): Promise<void> {
  const { lines, context } = await linesOf(tx, order);
  for (const line of lines) await kindOf(registry, line.type)?.fulfil(tx, line, context);
}

/** What a refund of the whole order takes back, line by line, in the refund's transaction. */
export async function undoOrderLines(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
): Promise<void> {
  const { lines, context } = await linesOf(tx, order);
  for (const line of lines) await kindOf(registry, line.type)?.undo?.(tx, line, context);
}

/** What an unpaid order given up lets go, line by line, in the caller's transaction. */
export async function releaseOrderLines(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
): Promise<void> {
  const { lines, context } = await linesOf(tx, order);
  for (const line of lines) await kindOf(registry, line.type)?.release?.(tx, line, context);
}

/** What an order unpaid too long stops (dunning's suspension), line by line, in the caller's transaction. */
export async function suspendOrderLines(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
): Promise<void> {
  const { lines, context } = await linesOf(tx, order);
  for (const line of lines) await kindOf(registry, line.type)?.suspend?.(tx, line, context);
}

/** What a payment restores of a suspension, line by line, in the payment's transaction. */
export async function unsuspendOrderLines(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
): Promise<void> {
  const { lines, context } = await linesOf(tx, order);
  for (const line of lines) await kindOf(registry, line.type)?.unsuspend?.(tx, line, context);
}
