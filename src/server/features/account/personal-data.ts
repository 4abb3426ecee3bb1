import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  businessPlans,
  creditNotes,
  customerNotes,
  domainOrders,
  invoices,
  orderItems,
  orders,
  paymentNotifications,
  payments,
  refunds,
  registrationCases,
  serviceRequests,
  speedReports,
  uploads,
  websiteProjects,
} from '#db/schema/index.ts';
import { listSubscriptions } from '../subscriptions/subscription-lists.service.ts';

/** PayFast form and ITN fields that name the person. */
const personalFields = new Set(['name_first', 'name_last', 'email_address', 'cell_number']);
const erased = '[deleted]';

/**
 * A link's secret in a stored e-mail (reset, verification, reply links): what an export must not
 * hand over, since a working link is as good as the password.
 */
export const withoutSecrets = (text: string) =>
  text.replace(/([?&](?:token|code|key)=)[^&\s"'<>)]+/gi, `$1${erased}`);

/**
 * Everything kept about a customer beyond the account itself (POPIA s23): orders with their
 * lines, payments, invoices and credit notes, domains with their registrant details, service
 * requests, business plans, website projects, company registrations and speed reports.
 */
export async function exportCustomerRecords(db: Db, userId: string) {
  const ownOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  const orderIds = ownOrders.map((o) => o.id);
  const some = orderIds.length > 0;
  const [
    items,
    ownPayments,
    ownInvoices,
    notes,
    domains,
    requests,
    plans,
    projects,
    reports,
    registrations,
  ] = await Promise.all([
    some ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [],
    some ? db.select().from(payments).where(inArray(payments.orderId, orderIds)) : [],
    some ? db.select().from(invoices).where(inArray(invoices.orderId, orderIds)) : [],
    some
      ? db
          .select({ note: creditNotes })
          .from(creditNotes)
          .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
          .where(inArray(refunds.orderId, orderIds))
      : [],
    db.select().from(domainOrders).where(eq(domainOrders.userId, userId)),
    db.select().from(serviceRequests).where(eq(serviceRequests.userId, userId)),
    db.select().from(businessPlans).where(eq(businessPlans.userId, userId)),
    db.select().from(websiteProjects).where(eq(websiteProjects.userId, userId)),
    db
      .select({
        url: speedReports.url,
        kind: speedReports.kind,
        status: speedReports.status,
        createdAt: speedReports.createdAt,
      })
      .from(speedReports)
      .where(eq(speedReports.userId, userId)),
    db.select().from(registrationCases).where(eq(registrationCases.userId, userId)),
  ]);
  return {
    // Monthly services with every charge; PayFast's token is left out (it is a live secret).
    subscriptions: await listSubscriptions(db, { userId }),
    orders: ownOrders.map((o) => ({
      reference: o.reference,
      status: o.status,
      totalCents: o.totalCents,
      vatCents: o.vatCents,
      createdAt: o.createdAt,
      lines: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          title: i.title,
          quantity: i.quantity,
          totalCents: i.totalCents,
          details: i.details,
        })),
    })),
    payments: ownPayments.map((p) => ({
      reference: p.reference,
      status: p.status,
      amountCents: p.amountCents,
      method: p.method,
      methodPaymentId: p.externalId,
      paidAt: p.paidAt,
      createdAt: p.createdAt,
    })),
    invoices: ownInvoices.map((i) => ({
      number: i.number,
      issuedAt: i.issuedAt,
      recipient: i.recipient,
      lines: i.lines,
      totalCents: i.totalCents,
      vatCents: i.vatCents,
    })),
    creditNotes: notes.map(({ note }) => ({
      number: note.number,
      invoiceNumber: note.invoiceNumber,
      issuedAt: note.issuedAt,
      reason: note.reason,
      totalCents: note.totalCents,
      vatCents: note.vatCents,
    })),
    domains: domains.map((d) => ({
      domain: d.domain,
      kind: d.kind,
      status: d.status,
      years: d.years,
      expiresAt: d.expiresAt,
      registrant: d.registrant,
      privacy: d.privacy,
      autoRenew: d.autoRenew,
    })),
    serviceRequests: requests.map((r) => ({
      reference: r.reference,
      serviceType: r.serviceType,
      name: r.name,
      email: r.email,
      phone: r.phone,
      company: r.company,
      message: r.message,
      answers: r.answers,
      status: r.status,
      createdAt: r.createdAt,
    })),
    businessPlans: plans.map((p) => ({
      name: p.name,
      businessName: p.businessName,
      status: p.status,
      sections: p.sections,
      assumptions: p.assumptions,
      updatedAt: p.updatedAt,
    })),
    websiteProjects: projects.map((p) => ({
      reference: p.reference,
      title: p.title,
      stage: p.stage,
      content: p.content,
      createdAt: p.createdAt,
    })),
    speedReports: reports,
    companyRegistrations: registrations.map((r) => ({
      reference: r.reference,
      title: r.title,
      proposedNames: r.proposedNames,
      approvedName: r.approvedName,
      stages: r.stages,
      done: r.done,
      completedAt: r.completedAt,
      createdAt: r.createdAt,
    })),
  };
}

const scrubFields = (fields: [string, string][]): [string, string][] =>
  fields.map(([key, value]) => [key, personalFields.has(key) && value ? erased : value]);

/**
 * POPIA deletion beyond the account row: the person's name, e-mail, phone, address and ID numbers
 * go from PayFast's stored fields, registrant copies, service requests, order line details,
 * projects, company registrations (with their documents), drafts and uploads. Invoices and credit notes stay as issued (the VAT Act keeps them
 * five years); amounts and references stay so the books still add up.
 */
export async function eraseCustomerRecords(tx: Tx, userId: string): Promise<void> {
  const ownOrders = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId));
  const orderIds = ownOrders.map((o) => o.id);
  if (orderIds.length > 0) {
    const ownPayments = await tx
      .select({ id: payments.id, reference: payments.reference, fields: payments.fields })
      .from(payments)
      .where(inArray(payments.orderId, orderIds));
    for (const payment of ownPayments) {
      await tx
        .update(payments)
        .set({ fields: scrubFields(payment.fields) })
        .where(eq(payments.id, payment.id));
    }
    const references = ownPayments.map((p) => p.reference);
    if (references.length > 0) {
      const itns = await tx
        .select({ id: paymentNotifications.id, fields: paymentNotifications.fields })
        .from(paymentNotifications)
        .where(inArray(paymentNotifications.paymentReference, references));
      for (const itn of itns) {
        await tx
          .update(paymentNotifications)
          .set({ fields: scrubFields(itn.fields) })
          .where(eq(paymentNotifications.id, itn.id));
      }
    }
    // Order lines keep only what invoices and reports are made from (their priced parts, the
    // address a speed report measures); company details, directors and ID numbers go.
    await tx
      .update(orderItems)
      .set({
        details: sql`case when ${orderItems.details} is null then null else jsonb_strip_nulls(jsonb_build_object('parts', ${orderItems.details} -> 'parts', 'url', ${orderItems.details} -> 'url')) end`,
      })
      .where(inArray(orderItems.orderId, orderIds));
  }
  await tx
    .update(domainOrders)
    .set({ registrant: { erased: true } })
    .where(eq(domainOrders.userId, userId));
  await tx
    .update(serviceRequests)
    .set({
      name: 'Deleted customer',
      email: `deleted-${userId}@deleted.invalid`,
      phone: null,
      company: null,
      message: erased,
      answers: {},
    })
    .where(eq(serviceRequests.userId, userId));
  const projects = await tx
    .select({ id: websiteProjects.id })
    .from(websiteProjects)
    .where(eq(websiteProjects.userId, userId));
  if (projects.length > 0) {
    await tx.delete(uploads).where(
      inArray(
        uploads.projectId,
        projects.map((p) => p.id),
      ),
    );
  }
  await tx
    .update(websiteProjects)
    .set({
      name: 'Deleted customer',
      email: `deleted-${userId}@deleted.invalid`,
      content: {},
    })
    .where(eq(websiteProjects.userId, userId));
  const registrations = await tx
    .update(registrationCases)
    .set({ name: 'Deleted customer', email: `deleted-${userId}@deleted.invalid` })
    .where(eq(registrationCases.userId, userId))
    .returning({ id: registrationCases.id });
  if (registrations.length > 0) {
    await tx.delete(uploads).where(
      inArray(
        uploads.registrationCaseId,
        registrations.map((r) => r.id),
      ),
    );
  }
  await tx
    .delete(businessPlans)
    .where(and(eq(businessPlans.userId, userId), isNull(businessPlans.orderItemId)));
  await tx
    .update(businessPlans)
    .set({ businessName: '', sections: sql`'{}'::jsonb` })
    .where(eq(businessPlans.userId, userId));
  await tx.update(speedReports).set({ userId: null }).where(eq(speedReports.userId, userId));
  // What the team wrote about the person goes with the account.
  await tx.delete(customerNotes).where(eq(customerNotes.userId, userId));
}

const ordersOfDeletedCustomers = () =>
  sql`select o.id from orders o join users u on u.id = o.user_id where u.deleted_at is not null`;

const affected = (result: unknown) =>
  Number(
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (result as { rowCount?: number }).rowCount ??
      0,
  );

/** How long the VAT Act (s55) and the Tax Administration Act keep invoices and credit notes. */
export const RECORDS_KEPT_YEARS = 5;

/**
 * Once the retention period has passed, the recipient on a deleted customer's invoices and credit
 * notes is anonymised too (the amounts and numbers stay, so the books still add up). Answers how
 * many documents changed.
 */
export async function anonymiseExpiredRecords(db: Db): Promise<number> {
  const anonymous = { name: 'Deleted customer' };
  const expired = sql`now() - make_interval(years => ${RECORDS_KEPT_YEARS})`;
  const deletedOrders = ordersOfDeletedCustomers();
  const invoicesChanged = await db.execute(sql`
    update invoices set recipient = ${JSON.stringify(anonymous)}::jsonb
    where issued_at < ${expired} and recipient <> ${JSON.stringify(anonymous)}::jsonb
      and order_id in (${deletedOrders})`);
  const notesChanged = await db.execute(sql`
    update credit_notes set recipient = ${JSON.stringify(anonymous)}::jsonb
    where issued_at < ${expired} and recipient <> ${JSON.stringify(anonymous)}::jsonb
      and refund_id in (select r.id from refunds r where r.order_id in (${deletedOrders}))`);
  return affected(invoicesChanged) + affected(notesChanged);
}
