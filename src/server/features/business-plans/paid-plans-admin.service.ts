/**
 * The back office's side of paid professional plans: the list with customers, reading, editing
 * (version-checked), comments on sections and delivery, each audited and e-mailed.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  businessPlanComments,
  businessPlans,
  orderItems,
  orders,
  users,
} from '#db/schema/index.ts';
import type {
  AdminPlan,
  AdminPlanSummary,
  PlanCommentInput,
  PlanUpdate,
} from '#shared/business-plans.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { planCommentMail, planDeliveredMail } from './business-plan-mails.ts';
import {
  notFound,
  toPlan,
  toSummary,
  type PlanDeps,
  type Row,
  type StaffMember,
} from './business-plans.service.ts';

async function withCustomers(db: Db | Tx, rows: Row[]) {
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const itemIds = rows.flatMap((r) => (r.orderItemId ? [r.orderItemId] : []));
  const people = userIds.length
    ? await db.select().from(users).where(inArray(users.id, userIds))
    : [];
  const refs = itemIds.length
    ? await db
        .select({ itemId: orderItems.id, reference: orders.reference })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(inArray(orderItems.id, itemIds))
    : [];
  return (row: Row) => {
    const person = people.find((p) => p.id === row.userId);
    return {
      customerName: person?.fullName ?? 'Deleted account',
      customerEmail: person?.email ?? '',
      orderReference: refs.find((r) => r.itemId === row.orderItemId)?.reference ?? null,
    };
  };
}

/** The back office's professional plans (paid for), those still with our writers first. */
export async function listPaidPlans(db: Db): Promise<AdminPlanSummary[]> {
  const rows = await db
    .select()
    .from(businessPlans)
    .where(isNotNull(businessPlans.packageId))
    .orderBy(asc(sql`${businessPlans.status} = 'delivered'`), desc(businessPlans.updatedAt));
  const customerOf = await withCustomers(db, rows);
  return rows.map((row) => ({ ...toSummary(row), ...customerOf(row) }));
}

async function paidRow(db: Db | Tx, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(businessPlans)
    .where(and(eq(businessPlans.id, id), isNotNull(businessPlans.packageId)));
  if (!row) throw notFound();
  return row;
}

async function adminView(db: Db | Tx, row: Row): Promise<AdminPlan> {
  const customerOf = await withCustomers(db, [row]);
  return { ...(await toPlan(db, row)), ...customerOf(row) };
}

export async function readPaidPlan(db: Db, id: string): Promise<AdminPlan> {
  return adminView(db, await paidRow(db, id));
}

/** The row behind the back office's PDF of a paid plan. */
export const paidPlanForDocument = paidRow;

/** Our writers edit a paid plan (the same version rule as the customer's saves), audited. */
export async function editPaidPlan(
  db: Db,
  input: { id: string; update: PlanUpdate; admin: StaffMember; ip: string },
): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const current = await paidRow(tx, input.id);
    const [row] = await tx
      .update(businessPlans)
      .set({
        name: input.update.name,
        businessName: input.update.businessName,
        sections: input.update.sections,
        assumptions: input.update.assumptions,
        version: sql`${businessPlans.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(businessPlans.id, current.id), eq(businessPlans.version, input.update.baseVersion)),
      )
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', {
        message:
          'The customer or a colleague changed this plan meanwhile. Reload it to see the latest version.',
      });
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'business_plan.edited',
      entityType: 'business_plan',
      entityId: row.id,
      ip: input.ip,
    });
    return adminView(tx, row);
  });
}

/** A writer's comment on a section; the customer is e-mailed. Audited. */
export async function commentOnPlan(
  { db, config }: PlanDeps,
  input: { id: string; comment: PlanCommentInput; admin: StaffMember; ip: string },
): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const row = await paidRow(tx, input.id);
    await tx.insert(businessPlanComments).values({
      planId: row.id,
      section: input.comment.section,
      adminId: input.admin.id,
      authorName: input.admin.name,
      body: input.comment.message.trim(),
    });
    await tx
      .update(businessPlans)
      .set({ updatedAt: sql`now()` })
      .where(eq(businessPlans.id, row.id));
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'business_plan.commented',
      entityType: 'business_plan',
      entityId: row.id,
      details: { section: input.comment.section },
      ip: input.ip,
    });
    const view = await adminView(tx, row);
    if (view.customerEmail) {
      await queueMail(tx, {
        to: view.customerEmail,
        userId: row.userId,
        ...planCommentMail(config, {
          id: row.id,
          name: row.name,
          customerName: view.customerName,
          authorName: input.admin.name,
          body: input.comment.message.trim(),
        }),
      });
    }
    return view;
  });
}

/** Marks a paid plan delivered (once): the customer is e-mailed the link to the final PDF. */
export async function deliverPlan(
  { db, config }: PlanDeps,
  input: { id: string; admin: StaffMember; ip: string },
): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const current = await paidRow(tx, input.id);
    if (current.status === 'delivered') {
      throw new AppError('CONFLICT', { message: 'This plan has already been delivered.' });
    }
    const [row] = await tx
      .update(businessPlans)
      .set({ status: 'delivered', deliveredAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(businessPlans.id, current.id), eq(businessPlans.status, current.status)))
      .returning();
    if (!row) throw new AppError('CONFLICT', { message: 'This plan has already been delivered.' });
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'business_plan.delivered',
      entityType: 'business_plan',
      entityId: row.id,
      ip: input.ip,
    });
    const view = await adminView(tx, row);
    if (view.customerEmail) {
      await queueMail(tx, {
        to: view.customerEmail,
        userId: row.userId,
        ...planDeliveredMail(config, {
          id: row.id,
          name: row.name,
          customerName: view.customerName,
        }),
      });
    }
    return view;
  });
}
