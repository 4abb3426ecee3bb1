import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { creditEntries, invoices, orderItems, orders, payments, users } from '#db/schema/index.ts';
import type { Config } from '../../config.ts';
import { companyOf, type Company } from '../../integrations/pdf/letterhead.ts';
import {
  invoiceNumber,
  renderInvoicePdf,
  type DocumentPayment,
} from '../../integrations/pdf/money-documents-pdf.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { AppError } from '../../plugins/errors.ts';
import { countsTowards } from '../credit/credit-ledger.service.ts';
import { invoiceLines } from './invoice-lines.ts';
import type { Viewer } from '../../plugins/sessions.ts';

type Customer = typeof users.$inferSelect;
export type DocumentDeps = { db: Db; config: Config };

/** How the account credit names itself on invoices and receipts. */
export const creditLabel = 'Account credit';

/** Who issues our money documents, as they print it. */
export const supplierParty = (supplier: Config['supplier']): Record<string, string> => ({
  name: supplier.name,
  address: supplier.address,
  ...(supplier.vatNumber ? { vatNumber: supplier.vatNumber } : {}),
  ...(supplier.registrationNumber ? { registrationNumber: supplier.registrationNumber } : {}),
});

/**
 * The issuer of a document kept with its supplier snapshot: who the law knows (name, address,
 * registration and VAT numbers) as when it was issued, how to reach us as today.
 */
export const issuerOf = (config: Config, supplier: Record<string, string>): Company => ({
  ...companyOf(config),
  name: supplier.name ?? config.supplier.name,
  address: supplier.address ?? config.supplier.address,
  registrationNumber: supplier.registrationNumber,
  vatNumber: supplier.vatNumber,
});

/**
 * Who a money document is for, as they print it: the company when they gave one (with their
 * own name to ask for), else their name; how to reach them; their address and VAT number.
 */
export const recipientParty = (customer: Customer | undefined): Record<string, string> => ({
  name: customer?.company ?? customer?.fullName ?? 'Customer',
  ...(customer?.company ? { attention: customer.fullName } : {}),
  email: customer?.email ?? '',
  ...(customer?.phone ? { phone: customer.phone } : {}),
  ...(customer?.address ? { address: customer.address } : {}),
  ...(customer?.vatNumber ? { vatNumber: customer.vatNumber } : {}),
});

/** A recipient snapshot as a document's customer block. */
export const customerOf = (recipient: Record<string, string>) => ({
  ...recipient,
  name: recipient.name ?? 'Customer',
});

/**
 * What paid an order, as its invoice lists it: each payment (date, method, the method's own
 * reference: PayFast's pf_payment_id, the reference on the bank line) and the credit used.
 */
export async function orderPayments(
  db: Db | Tx,
  config: Config,
  orderId: string,
): Promise<DocumentPayment[]> {
  const paid = await db
    .select()
    .from(payments)
    .where(countsTowards(orderId))
    .orderBy(asc(payments.paidAt));
  const credit = await db
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.orderId, orderId), eq(creditEntries.kind, 'applied')));
  return [
    ...credit.map((entry) => ({
      paidAt: entry.createdAt,
      method: creditLabel,
      reference: null,
      amountCents: -entry.amountCents,
    })),
    ...paid.map((payment) => ({
      paidAt: payment.paidAt ?? payment.createdAt,
      method: paymentMethod(config, payment.method).label,
      reference:
        payment.method === 'eft'
          ? (payment.fields.find(([key]) => key === 'description')?.[1] ?? payment.reference)
          : (payment.externalId ?? payment.reference),
      amountCents: payment.grossCents ?? payment.amountCents,
    })),
  ].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
}

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
export async function invoicePdf(
  { db, config }: DocumentDeps,
  orderReference: string,
  viewer: Viewer,
) {
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
  const pdf = await renderInvoicePdf({
    ...row.invoice,
    orderReference: row.order.reference,
    company: issuerOf(config, row.invoice.supplier),
    customer: customerOf(row.invoice.recipient),
    payments: await orderPayments(db, config, row.order.id),
  });
  return { pdf, filename: `${invoiceNumber(row.invoice.number)}.pdf` };
}
