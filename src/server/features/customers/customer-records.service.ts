import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  businessPlans,
  domainOrders,
  invoices,
  orders,
  payments,
  quotes,
  speedReports,
  subscriptions,
  supportTickets,
  websiteProjects,
} from '#db/schema/index.ts';
import type { CustomerDetail, CustomerRecord } from '#shared/admin-customers.schemas.ts';
import { quoteNumber } from '#shared/billing.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand } from '#shared/money.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';

const iso = (date: Date) => date.toISOString();

/** Everything the customer has with us, each kind newest first. */
export async function customerRecords(db: Db, userId: string): Promise<CustomerDetail['records']> {
  const ofCustomer = eq(orders.userId, userId);
  const [
    orderRows,
    invoiceRows,
    quoteRows,
    paymentRows,
    subscriptionRows,
    domainRows,
    ticketRows,
    projectRows,
    planRows,
    reportRows,
  ] = await Promise.all([
    db
      .select({
        reference: orders.reference,
        status: orders.status,
        date: orders.createdAt,
        cents: orders.totalCents,
        title: sql<string>`coalesce((select string_agg(title, ', ') from order_items where order_id = ${orders.id}), '')`,
      })
      .from(orders)
      .where(ofCustomer)
      .orderBy(desc(orders.createdAt)),
    db
      .select({
        number: invoices.number,
        paidWith: invoices.paidWith,
        date: invoices.issuedAt,
        cents: invoices.totalCents,
        order: orders.reference,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(ofCustomer)
      .orderBy(desc(invoices.number)),
    db.select().from(quotes).where(eq(quotes.userId, userId)).orderBy(desc(quotes.number)),
    db
      .select({
        reference: payments.reference,
        method: payments.method,
        status: payments.status,
        date: payments.createdAt,
        cents: payments.amountCents,
        order: orders.reference,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(ofCustomer)
      .orderBy(desc(payments.createdAt)),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.userId, userId))
      .orderBy(desc(domainOrders.createdAt)),
    db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, userId))
      .orderBy(desc(supportTickets.createdAt)),
    db
      .select()
      .from(websiteProjects)
      .where(eq(websiteProjects.userId, userId))
      .orderBy(desc(websiteProjects.createdAt)),
    db
      .select({
        id: businessPlans.id,
        name: businessPlans.name,
        status: businessPlans.status,
        date: businessPlans.createdAt,
      })
      .from(businessPlans)
      .where(eq(businessPlans.userId, userId))
      .orderBy(desc(businessPlans.createdAt)),
    db
      .select({
        id: speedReports.id,
        url: speedReports.url,
        kind: speedReports.kind,
        status: speedReports.status,
        date: speedReports.createdAt,
      })
      .from(speedReports)
      .where(eq(speedReports.userId, userId))
      .orderBy(desc(speedReports.createdAt)),
  ]);
  const record = (r: CustomerRecord) => r;
  return {
    orders: orderRows.map((o) =>
      record({
        reference: o.reference,
        title: o.title,
        status: o.status,
        date: iso(o.date),
        amount: centsToRand(o.cents),
      }),
    ),
    invoices: invoiceRows.map((i) =>
      record({
        reference: invoiceNumber(i.number),
        title: `Order ${i.order}, ${i.paidWith}`,
        status: 'issued',
        date: iso(i.date),
        amount: centsToRand(i.cents),
      }),
    ),
    quotes: quoteRows.map((q) =>
      record({
        reference: quoteNumber(q.number),
        title: q.lines.map((line) => line.description).join(', '),
        status: q.status === 'sent' && q.validUntil < saToday() ? 'expired' : q.status,
        date: iso(q.createdAt),
        amount: centsToRand(q.totalCents),
      }),
    ),
    payments: paymentRows.map((p) =>
      record({
        reference: p.reference,
        title: `Order ${p.order}, ${p.method}`,
        status: p.status,
        date: iso(p.date),
        amount: centsToRand(p.cents),
      }),
    ),
    subscriptions: subscriptionRows.map((s) =>
      record({
        reference: s.reference,
        title: s.title,
        status: s.status,
        date: iso(s.createdAt),
        amount: centsToRand(s.amountCents),
      }),
    ),
    domains: domainRows.map((d) =>
      record({
        reference: d.domain,
        title: d.kind,
        status: d.status,
        date: iso(d.createdAt),
        amount: centsToRand(d.priceCents),
      }),
    ),
    tickets: ticketRows.map((t) =>
      record({
        reference: t.reference,
        title: t.subject,
        status: t.state,
        date: iso(t.createdAt),
        amount: null,
      }),
    ),
    projects: projectRows.map((p) =>
      record({
        reference: p.reference,
        title: p.title,
        status: p.stage,
        date: iso(p.createdAt),
        amount: null,
      }),
    ),
    businessPlans: planRows.map((p) =>
      record({ reference: p.id, title: p.name, status: p.status, date: iso(p.date), amount: null }),
    ),
    speedReports: reportRows.map((r) =>
      record({ reference: r.id, title: r.url, status: r.status, date: iso(r.date), amount: null }),
    ),
  };
}
