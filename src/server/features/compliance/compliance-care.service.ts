/**
 * Compliance care (issue 34 §3, decision 037): a yearly service that files one company's CIPC
 * annual return and beneficial-ownership updates. A paid line starts or extends a plan by a
 * year (once per line); 30 days before the year ends a renewal order is made, charged to a saved
 * card or mailed, and chased by the "Yearly services" dunning policy; the filings due within 30
 * days become tasks on the team's list. Dunning's suspension stops the filings until paid; an
 * unpaid renewal cancelled at the end of dunning lets the plan lapse.
 */
import { and, eq, gt, inArray, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  complianceCompanies,
  complianceFilingTasks,
  complianceItemEvents,
  compliancePlanPeriods,
  compliancePlans,
  orderItems,
  orders,
  users,
} from '#db/schema/index.ts';
import { careItemKinds } from '#shared/compliance.schemas.ts';
import { addMonths, formatDate, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { openRenewalOrder } from '../dunning/renewal-orders.service.ts';
import type { OrderLine, OrderLineRegistry, PricedLine } from '../orders/order-lines.service.ts';
import { cancelUnpaidOrder } from '../orders/order-status.service.ts';
import {
  careFiledMail,
  careRenewalInvoiceMail,
  filingTasksTeamMail,
} from './compliance-care-mails.ts';
import { complianceDates } from './compliance.service.ts';

type PlanRow = typeof compliancePlans.$inferSelect;
type CareDeps = { db: Db; config: Pick<Config, 'site' | 'publicUrl' | 'supplier'> };

/** How far ahead of its due date a renewal is invoiced and a filing put on the team's list. */
export const careLeadDays = 30;

const dayMs = 86_400_000;
const daysAfter = (date: string, days: number) =>
  new Date(Date.parse(date) + days * dayMs).toISOString().slice(0, 10);

/** The company a care line is for (kept in its details when priced). */
export const careCompanyOf = (line: Pick<OrderLine, 'details'>): string =>
  (line.details as { companyId: string }).companyId;

/**
 * A paid care line: the company's plan starts today for a year, or a year is added after the
 * year it already covers (a renewal paid early does not lose days). Once per line.
 */
export async function extendCare(tx: Tx, line: OrderLine, userId: string, today: string) {
  const companyId = careCompanyOf(line);
  const [company] = await tx
    .select({ id: complianceCompanies.id })
    .from(complianceCompanies)
    .where(eq(complianceCompanies.id, companyId));
  // The customer removed the company from the calendar since ordering: the team sees the paid
  // line in the order book and settles it by hand.
  if (!company) return;
  const [plan] = await tx
    .select()
    .from(compliancePlans)
    .where(eq(compliancePlans.companyId, companyId))
    .for('update');
  const live = plan && plan.status !== 'lapsed' && plan.status !== 'cancelled';
  const from = live && plan.coveredUntil > today ? plan.coveredUntil : today;
  const until = addMonths(from, 12);
  const [row] = plan
    ? [plan]
    : await tx
        .insert(compliancePlans)
        .values({ userId, companyId, coveredFrom: from, coveredUntil: until })
        .returning();
  const [period] = await tx
    .insert(compliancePlanPeriods)
    .values({ planId: row!.id, orderItemId: line.id, coveredFrom: from, coveredUntil: until })
    .onConflictDoNothing()
    .returning({ id: compliancePlanPeriods.id });
  if (!period) return;
  await tx
    .update(compliancePlans)
    .set({
      status: 'active',
      coveredUntil: until,
      ...(live ? {} : { coveredFrom: from, autoRenew: true }),
    })
    .where(eq(compliancePlans.id, row!.id));
}

/** A refunded care line gives its year back: the plan covers what its other periods still do. */
export async function refundCare(tx: Tx, line: OrderLine): Promise<void> {
  const [period] = await tx
    .delete(compliancePlanPeriods)
    .where(eq(compliancePlanPeriods.orderItemId, line.id))
    .returning();
  if (!period) return;
  const [left] = await tx
    .select({ until: max(compliancePlanPeriods.coveredUntil) })
    .from(compliancePlanPeriods)
    .where(eq(compliancePlanPeriods.planId, period.planId));
  await tx
    .update(compliancePlans)
    .set(left?.until ? { coveredUntil: left.until } : { status: 'cancelled' })
    .where(eq(compliancePlans.id, period.planId));
}

/**
 * The year end a renewal line was made for. Dunning acts on the plan only while that year is
 * still the one owed: a year paid another way since (a care line bought again) is not suspended
 * or lapsed by the old renewal.
 */
const renewalFor = (line: Pick<OrderLine, 'details'>): string | null =>
  (line.details as { renewalFor?: string }).renewalFor ?? null;

/** Dunning stops the filings of a renewal left unpaid; a payment starts them again. */
export async function setCareSuspended(tx: Tx, line: OrderLine, suspended: boolean) {
  const owed = renewalFor(line);
  await tx
    .update(compliancePlans)
    .set({ status: suspended ? 'suspended' : 'active' })
    .where(
      and(
        eq(compliancePlans.companyId, careCompanyOf(line)),
        eq(compliancePlans.status, suspended ? 'active' : 'suspended'),
        ...(suspended && owed ? [eq(compliancePlans.coveredUntil, owed)] : []),
      ),
    );
}

/**
 * An unpaid renewal given up at dunning's end: the plan lapses where its last paid year did. One
 * cancelled because the customer switched renewal off leaves the paid year to run its course
 * (the daily run lapses it at the end).
 */
export async function lapseCare(tx: Tx, line: OrderLine): Promise<void> {
  const owed = renewalFor(line);
  if (!owed) return;
  await tx
    .update(compliancePlans)
    .set({ status: 'lapsed' })
    .where(
      and(
        eq(compliancePlans.companyId, careCompanyOf(line)),
        eq(compliancePlans.coveredUntil, owed),
        eq(compliancePlans.autoRenew, true),
        inArray(compliancePlans.status, ['active', 'suspended']),
      ),
    );
}

/** How long past its end a plan with no paid next year is kept before it lapses regardless. */
const lapseAfterDays = 90;

/**
 * Ends the plans whose paid year is over with nothing coming: renewal switched off, never
 * invoiced, or — a backstop for a renewal order cancelled or refunded outside dunning — 90 days
 * past the end. A lapsed company can buy care again from its calendar. Returns how many.
 */
export async function lapseEndedCare(db: Db, now = new Date()): Promise<number> {
  const today = saToday(now);
  const ended = await db
    .update(compliancePlans)
    .set({ status: 'lapsed' })
    .where(
      and(
        inArray(compliancePlans.status, ['active', 'suspended']),
        lte(compliancePlans.coveredUntil, today),
        or(
          eq(compliancePlans.autoRenew, false),
          isNull(compliancePlans.renewalInvoicedFor),
          ne(compliancePlans.renewalInvoicedFor, compliancePlans.coveredUntil),
          lte(compliancePlans.coveredUntil, daysAfter(today, -lapseAfterDays)),
        ),
      ),
    )
    .returning({ id: compliancePlans.id });
  return ended.length;
}

/**
 * The customer's switch: renew next year, or let the plan end with its paid year. Switched off
 * with the next year's renewal order already made and unpaid, that order is cancelled with it (in
 * one transaction), so neither a reminder nor a saved-card retry follows. False: no such plan.
 */
export async function setCareRenewal(
  db: Db,
  registry: OrderLineRegistry,
  { userId, companyId, autoRenew }: { userId: string; companyId: string; autoRenew: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .update(compliancePlans)
      .set({ autoRenew })
      .where(and(eq(compliancePlans.companyId, companyId), eq(compliancePlans.userId, userId)))
      .returning();
    if (!plan) return false;
    if (autoRenew || plan.renewalInvoicedFor !== plan.coveredUntil) return true;
    const pending = await tx
      .select({ order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.type, 'compliance-care'),
          eq(orders.status, 'pending_payment'),
          sql`${orderItems.details}->>'companyId' = ${companyId}`,
          sql`${orderItems.details}->>'renewalFor' = ${plan.coveredUntil}`,
        ),
      )
      .for('update', { of: orders });
    for (const { order } of pending)
      await cancelUnpaidOrder(tx, registry, order, 'Renewal switched off by the customer');
    return true;
  });
}

/**
 * Renewal orders for the plans whose year ends within 30 days, renewal on: one per year's end
 * (`renewalInvoicedFor`, set in the order's transaction under the plan's lock), chased by the
 * yearly dunning policy from that end, charged to a saved card when the customer keeps one,
 * else mailed. Returns how many were made.
 */
export async function invoiceCareRenewals(
  deps: CareDeps,
  line: (tx: Tx, plan: PlanRow) => Promise<PricedLine>,
  now = new Date(),
): Promise<{ made: number; failed: { planId: string; error: string }[] }> {
  const today = saToday(now);
  const horizon = daysAfter(today, careLeadDays);
  const due = await deps.db
    .select({ id: compliancePlans.id })
    .from(compliancePlans)
    .where(
      and(
        eq(compliancePlans.status, 'active'),
        eq(compliancePlans.autoRenew, true),
        gt(compliancePlans.coveredUntil, today),
        lte(compliancePlans.coveredUntil, horizon),
      ),
    );
  let made = 0;
  const failed: { planId: string; error: string }[] = [];
  // Each plan in its own transaction and its own try: one that cannot be priced (the package
  // taken off sale) is reported, and the others are still invoiced.
  for (const { id } of due) {
    const invoiced = await deps.db
      .transaction(async (tx) => {
        const [plan] = await tx
          .select()
          .from(compliancePlans)
          .where(eq(compliancePlans.id, id))
          .for('update');
        if (!plan || plan.status !== 'active' || !plan.autoRenew) return false;
        if (plan.renewalInvoicedFor === plan.coveredUntil) return false;
        const priced = await line(tx, plan);
        const order = await openRenewalOrder(tx, {
          userId: plan.userId,
          line: priced,
          kind: 'yearly',
          title: priced.title,
          dueAt: new Date(`${plan.coveredUntil}T00:00:00+02:00`),
          vatRegistered: deps.config.supplier.vatNumber !== undefined,
        });
        await tx
          .update(compliancePlans)
          .set({ renewalInvoicedFor: plan.coveredUntil })
          .where(eq(compliancePlans.id, plan.id));
        if (order.charged) return true;
        const [owner] = await tx
          .select({
            id: users.id,
            email: users.email,
            fullName: users.fullName,
            company: complianceCompanies.name,
          })
          .from(users)
          .innerJoin(complianceCompanies, eq(complianceCompanies.id, plan.companyId))
          .where(eq(users.id, plan.userId));
        if (owner) {
          await queueMail(tx, {
            to: owner.email,
            userId: owner.id,
            ...careRenewalInvoiceMail(deps.config, {
              customerName: owner.fullName,
              companyName: owner.company,
              coveredUntil: formatDate(plan.coveredUntil),
              orderReference: order.reference,
              total: formatZAR(priced.totalCents),
            }),
          });
        }
        return true;
      })
      .catch((error: unknown) => {
        failed.push({ planId: id, error: error instanceof Error ? error.message : String(error) });
        return false;
      });
    if (invoiced) made += 1;
  }
  return { made, failed };
}

/**
 * Puts on the team's list each annual return and beneficial-ownership update due within 30 days
 * of a company under active care (and within its paid year), once per item, and mails the team
 * the new ones. An item the customer marked done is not the team's. Returns how many were added.
 */
export async function openFilingTasks(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  now = new Date(),
): Promise<number> {
  const today = saToday(now);
  const horizon = daysAfter(today, careLeadDays);
  const plans = await db
    .select({ plan: compliancePlans, company: complianceCompanies })
    .from(compliancePlans)
    .innerJoin(complianceCompanies, eq(complianceCompanies.id, compliancePlans.companyId))
    .where(eq(compliancePlans.status, 'active'));
  if (plans.length === 0) return 0;
  const dated = await complianceDates(
    db,
    plans.map((p) => p.company),
    today,
    horizon,
  );
  const added: { company: string; title: string; dueOn: string }[] = [];
  for (const { plan, company } of plans) {
    const items = (dated.get(company.id) ?? []).filter(
      (item) =>
        (careItemKinds as readonly string[]).includes(item.kind) &&
        !item.done &&
        item.dueOn < plan.coveredUntil,
    );
    for (const item of items) {
      const [task] = await db
        .insert(complianceFilingTasks)
        .values({
          planId: plan.id,
          companyId: company.id,
          itemKey: item.key,
          title: item.title,
          dueOn: item.dueOn,
        })
        .onConflictDoNothing()
        .returning({ id: complianceFilingTasks.id });
      if (task) added.push({ company: company.name, title: item.title, dueOn: item.dueOn });
    }
  }
  if (added.length > 0)
    await queueMail(db, { to: config.site.contactEmail, ...filingTasksTeamMail(config, added) });
  return added.length;
}

/** The team's list: open filings first, soonest due first, then the latest filed. */
export async function listFilingTasks(db: Db) {
  const rows = await db
    .select({
      task: complianceFilingTasks,
      company: complianceCompanies,
      email: users.email,
      planStatus: compliancePlans.status,
    })
    .from(complianceFilingTasks)
    .innerJoin(complianceCompanies, eq(complianceCompanies.id, complianceFilingTasks.companyId))
    .innerJoin(compliancePlans, eq(compliancePlans.id, complianceFilingTasks.planId))
    .innerJoin(users, eq(users.id, complianceCompanies.userId));
  return rows
    .sort(
      (a, b) =>
        Number(a.task.status === 'filed') - Number(b.task.status === 'filed') ||
        (a.task.status === 'open'
          ? a.task.dueOn.localeCompare(b.task.dueOn)
          : (b.task.filedAt?.getTime() ?? 0) - (a.task.filedAt?.getTime() ?? 0)),
    )
    .map(({ task, company, email, planStatus }) => ({
      id: task.id,
      companyName: company.name,
      registrationNumber: company.registrationNumber,
      customerEmail: email,
      title: task.title,
      dueOn: task.dueOn,
      status: task.status,
      filedAt: task.filedAt?.toISOString() ?? null,
      filedBy: task.filedBy,
      planStatus,
    }));
}

/**
 * The team filed it: the task is closed with who did it, the customer's calendar item marked
 * done and the customer told, in one transaction. Answers what became of it.
 */
export async function markFiled(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  id: string,
  by: { admin: { id: string; email: string }; ip: string },
): Promise<'filed' | 'filed-already' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .update(complianceFilingTasks)
      .set({ status: 'filed', filedAt: new Date(), filedBy: by.admin.email })
      .where(and(eq(complianceFilingTasks.id, id), ne(complianceFilingTasks.status, 'filed')))
      .returning();
    if (!task) {
      const [known] = await tx
        .select({ id: complianceFilingTasks.id })
        .from(complianceFilingTasks)
        .where(eq(complianceFilingTasks.id, id));
      return known ? 'filed-already' : 'unknown';
    }
    await recordAudit(tx, {
      adminId: by.admin.id,
      actor: by.admin.email,
      action: 'compliance_filing.filed',
      entityType: 'compliance_filing',
      entityId: task.id,
      details: { companyId: task.companyId, item: task.itemKey },
      ip: by.ip,
    });
    await tx
      .insert(complianceItemEvents)
      .values({ companyId: task.companyId, itemKey: task.itemKey, kind: 'done' })
      .onConflictDoNothing();
    const [owner] = await tx
      .select({ company: complianceCompanies.name, email: users.email, name: users.fullName })
      .from(complianceCompanies)
      .innerJoin(users, eq(users.id, complianceCompanies.userId))
      .where(eq(complianceCompanies.id, task.companyId));
    if (owner) {
      await queueMail(tx, {
        to: owner.email,
        ...careFiledMail(config, {
          customerName: owner.name,
          companyName: owner.company,
          title: task.title,
        }),
      });
    }
    return 'filed';
  });
}
