import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { invoices, orderItems, orders, users } from '#db/schema/index.ts';
import type { Config } from '../../config.ts';
import { invoiceNumber, renderInvoicePdf } from '../../integrations/pdf/money-documents-pdf.ts';
import { AppError } from '../../plugins/errors.ts';
import { invoiceLines } from './invoice-lines.ts';
import type { Viewer } from '../../plugins/sessions.ts';

type Customer = typeof users.$inferSelect;

/** Who issues our money documents, as they print it. */
export const supplierParty = (supplier: Config['supplier']): Record<string, string> => ({
  name: supplier.name,
  address: supplier.address,
  ...(supplier.vatNumber ? { vatNumber: supplier.vatNumber } : {}),
  ...(supplier.registrationNumber ? { registrationNumber: supplier.registrationNumber } : {}),
});

/** Who a money document is for, as they print it. */
export const recipientParty = (customer: Customer | undefined): Record<string, string> => ({
  name: customer?.company ?? customer?.fullName ?? 'Customer',
  email: customer?.email ?? '',
  ...(customer?.address ? { address: customer.address } : {}),
  ...(customer?.vatNumber ? { vatNumber: customer.vatNumber } : {}),
});

/** Issues the invoice of a paid order in the caller's transaction; the next number, no gaps. */
export async function issueInvoice(
  tx: Db | Tx,
  supplier: Config['supplier'],
  order: typeof orders.$inferSelect,
  /** How it was paid, as the payment method names itself ("Card (PayFast)"). */
  paidWith: string,
): Promise<number> {
  // One invoice number at a time; the lock ends with the transaction.
  await tx.execute(sql`select pg_advisory_xact_lock(7160002)`);
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (existing) return existing.number;
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${invoices.number}), 0) + 1` })
    .from(invoices)) as [{ next: number }];
  const [customer] = order.userId
    ? await tx.select().from(users).where(eq(users.id, order.userId))
    : [];
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await tx.insert(invoices).values({
    number: Number(next),
    orderId: order.id,
    supplier: supplierParty(supplier),
    recipient: recipientParty(customer),
    lines: invoiceLines(items, new Date()),
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    paidWith,
  });
  return Number(next);
}

/** The PDF of an order's invoice, for its customer or an administrator. */
export async function invoicePdf(db: Db, orderReference: string, viewer: Viewer) {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      'admin' in viewer
        ? eq(orders.reference, orderReference)
        : and(eq(orders.reference, orderReference), eq(orders.userId, viewer.userId)),
    );
  if (!row)
    throw new AppError('NOT_FOUND', {
      message: `There is no invoice for order ${orderReference} in your account`,
    });
  const pdf = await renderInvoicePdf({ ...row.invoice, orderReference: row.order.reference });
  return { pdf, filename: `${invoiceNumber(row.invoice.number)}.pdf` };
}
