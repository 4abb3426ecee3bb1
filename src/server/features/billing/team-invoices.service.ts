import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import { invoices, orderItems, orders, quotes, refunds, users } from '#db/schema/index.ts';
import {
  invoiceStatuses,
  quoteNumber,
  type InvoiceList,
  type InvoiceStatus,
  type invoiceInputSchema,
  type invoiceListQuerySchema,
  type billingLineInputSchema,
} from '#shared/billing.schemas.ts';
import { catalogue } from '#shared/catalogue.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand, randToCents } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionAdmin } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { receivedTowards } from '../credit/credit-ledger.service.ts';
import type { PricedLine } from '../orders/order-lines.service.ts';
import { createOrder } from '../orders/orders.service.ts';
import { invoiceSentMail } from './billing-mails.ts';

export type BillingDeps = { db: Db; config: Config };
type OrderRow = typeof orders.$inferSelect;
type Customer = typeof users.$inferSelect;

/**
 * Packages the team may put on an invoice or a quote: those paid once (a monthly one is sold in
 * the shop, which keeps the card for its monthly charge).
 */
const oncePackages = new Set(
  catalogue.flatMap((service) =>
    service.packages.filter((p) => p.billing === 'once').map((p) => p.id),
  ),
);

/** The customer a document is for: one with an account still open. */
export async function activeCustomer(db: Db | Tx, userId: string | null): Promise<Customer> {
  const [customer] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  if (!customer) throw new AppError('NOT_FOUND', { message: 'There is no such customer' });
  if (customer.deletedAt)
    throw new AppError('CONFLICT', { message: 'This customer closed their account' });
  return customer;
}

/** The team's lines as order lines: a catalogue package paid once, or free text. */
export function teamLines(lines: z.output<typeof billingLineInputSchema>[]): PricedLine[] {
  return lines.map((line) => {
    if (line.packageId && !oncePackages.has(line.packageId))
      throw new AppError('BAD_REQUEST', {
        message: `The package "${line.packageId}" cannot be invoiced by the team: choose a package paid once, or write a free line`,
      });
    const unitPriceCents = randToCents(line.unitPrice);
    return {
      type: line.packageId ? 'package' : 'invoice-line',
      title: line.description,
      packageId: line.packageId,
      addOnIds: [],
      quantity: line.quantity,
      unitPriceCents,
      totalCents: unitPriceCents * line.quantity,
    };
  });
}

/** How a document is named in a list or a mail: its first line, and how many more. */
export const orderTitle = (lines: { title: string }[]): string =>
  lines.length <= 1
    ? (lines[0]?.title ?? 'Invoice')
    : `${lines[0]!.title} and ${lines.length - 1} more`;

/**
 * Each order's document status, as SQL: credited when money went back on it; paid; cancelled;
 * part paid when some money came; overdue past its due day; unpaid when the team sent it; else
 * a pro-forma (a checkout awaiting payment, which is not a tax invoice yet).
 */
const statusSql = (today: string): SQL<InvoiceStatus> => sql<InvoiceStatus>`case
  when ${orders.status} = 'refunded' or exists (
    select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'completed'
  ) then 'credited'
  when ${orders.status} in ('paid', 'in_progress', 'completed') then 'paid'
  when ${orders.status} in ('cancelled', 'failed') then 'cancelled'
  when ${receivedTowards(orders.id)} > 0 then 'part_paid'
  when ${orders.dueOn} < ${today} then 'overdue'
  when ${orders.issuedBy} is not null then 'unpaid'
  else 'pro_forma'
end`;

/** The document status of each order given, by order id. */
export async function documentStatusOf(
  db: Db | Tx,
  rows: OrderRow[],
  today: string,
): Promise<Map<string, InvoiceStatus>> {
  if (rows.length === 0) return new Map();
  const found = await db
    .select({ id: orders.id, status: statusSql(today) })
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((row) => row.id),
      ),
    );
  return new Map(found.map((row) => [row.id, row.status]));
}

/** The mail that sends an invoice the team raised, with its pay link. */
export const invoiceMailOf = (
  deps: BillingDeps,
  customer: Customer,
  order: OrderRow,
  title: string,
) =>
  invoiceSentMail(deps.config, {
    orderReference: order.reference,
    name: customer.fullName,
    title,
    totalCents: order.totalCents,
    dueOn: order.dueOn ?? saToday(),
  });

/**
 * An invoice for custom work: an order awaiting payment, sent by the team with its due day, in
 * one transaction with its audit line and the mail that carries the pay link.
 */
export async function createTeamInvoice(
  deps: BillingDeps,
  input: z.output<typeof invoiceInputSchema>,
  admin: Pick<SessionAdmin, 'id' | 'email'>,
  now = new Date(),
) {
  const customer = await activeCustomer(deps.db, input.customerId);
  if (input.dueOn < saToday(now))
    throw new AppError('BAD_REQUEST', { message: 'Choose a due day that is today or later' });
  const lines = teamLines(input.lines);
  return deps.db.transaction(async (tx) => {
    const made = await createOrder(tx, {
      userId: customer.id,
      lines,
      vatRegistered: deps.config.site.vatRegistered,
      bill: { issuedBy: admin.email, dueOn: input.dueOn, quoteId: null, quotePart: null },
    });
    const [order] = await tx.select().from(orders).where(eq(orders.reference, made.reference));
    await recordAudit(tx, {
      adminId: admin.id,
      actor: admin.email,
      action: 'customer.invoice_sent',
      entityType: 'customer',
      entityId: customer.id,
      details: { order: made.reference },
    });
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      ...invoiceMailOf(deps, customer, order!, orderTitle(lines)),
    });
    return { orderReference: made.reference, total: centsToRand(order!.totalCents) };
  });
}

const pageSize = 25;

/**
 * Every document for the back office, newest first, by status: what the orders awaiting payment
 * ask for and the tax invoices of those paid, with the count and the sum of each status.
 */
export async function listInvoices(
  db: Db,
  query: z.output<typeof invoiceListQuerySchema>,
  now = new Date(),
): Promise<InvoiceList> {
  const status = statusSql(saToday(now));
  const where = query.status ? sql`${status} = ${query.status}` : undefined;
  const [rows, totals, [counted]] = await Promise.all([
    db
      .select({
        order: orders,
        status,
        received: receivedTowards(orders.id),
        fullName: users.fullName,
        company: users.company,
        invoice: invoices.number,
        quote: quotes.number,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .leftJoin(quotes, eq(quotes.id, orders.quoteId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db
      .select({
        status,
        count: count(),
        cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      })
      .from(orders)
      .groupBy(sql`1`),
    db.select({ count: count() }).from(orders).where(where),
  ]);
  const lines = rows.length
    ? await db
        .select({ orderId: orderItems.orderId, title: orderItems.title })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.order.id),
          ),
        )
    : [];
  return {
    items: rows.map((row) => ({
      orderReference: row.order.reference,
      customer: {
        id: row.order.userId,
        name: row.company ?? row.fullName ?? 'Former customer',
      },
      title: orderTitle(lines.filter((line) => line.orderId === row.order.id)),
      status: row.status,
      total: centsToRand(row.order.totalCents),
      received: centsToRand(
        row.status === 'paid' || row.status === 'credited'
          ? row.order.totalCents
          : Math.max(0, Number(row.received)),
      ),
      issuedOn: saToday(row.order.createdAt),
      dueOn: row.order.dueOn,
      invoiceNumber: row.invoice === null ? null : invoiceNumber(row.invoice),
      quoteNumber: row.quote === null ? null : quoteNumber(row.quote),
    })),
    totals: invoiceStatuses.map((each) => {
      const row = totals.find((total) => total.status === each);
      return {
        status: each,
        count: Number(row?.count ?? 0),
        total: centsToRand(Number(row?.cents ?? 0)),
      };
    }),
    total: Number(counted?.count ?? 0),
    page: query.page,
    pageSize,
  };
}
