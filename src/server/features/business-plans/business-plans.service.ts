import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { businessPlanComments, businessPlans, users, type orderItems } from '#db/schema/index.ts';
import { catalogue } from '#shared/catalogue.ts';
import {
  emptyAssumptions,
  emptySections,
  planSections,
  type NewPlanInput,
  type Plan,
  type PlanSummary,
  type PlanUpdate,
} from '#shared/business-plans.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { planStartedMail } from './business-plan-mails.ts';

export type Row = typeof businessPlans.$inferSelect;

export interface PlanDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
}

const planPackages = new Map(
  catalogue
    .filter((service) => service.type === 'business_plan')
    .flatMap((service) => service.packages.map((p) => [p.id, p.name] as const)),
);

export const notFound = () =>
  new AppError('NOT_FOUND', { message: 'That business plan does not exist' });

/** Written sections with text, and the assumptions once a product has a price. */
function progress(row: Row): { completedSteps: number; totalSteps: number } {
  const written = planSections.filter((s) => row.sections[s]?.trim()).length;
  const priced = row.assumptions.products.some((p) => p.unitPriceCents > 0 && p.unitsPerMonth > 0);
  return { completedSteps: written + (priced ? 1 : 0), totalSteps: planSections.length + 1 };
}

export const toSummary = (row: Row): PlanSummary => ({
  id: row.id,
  packageName: row.packageId ? (planPackages.get(row.packageId) ?? row.packageId) : null,
  name: row.name,
  businessName: row.businessName,
  status: row.status,
  ...progress(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function toPlan(db: Db | Tx, row: Row): Promise<Plan> {
  const comments = await db
    .select()
    .from(businessPlanComments)
    .where(eq(businessPlanComments.planId, row.id))
    .orderBy(asc(businessPlanComments.createdAt), asc(businessPlanComments.id));
  return {
    ...toSummary(row),
    // Older rows keep working when a section or assumption is added later.
    sections: { ...emptySections, ...row.sections },
    assumptions: { ...emptyAssumptions, ...row.assumptions },
    version: row.version,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    comments: comments.map((c) => ({
      id: c.id,
      section: c.section as Plan['comments'][number]['section'],
      authorName: c.authorName,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** The customer's plans, most recently changed first. */
export async function listPlans(db: Db, userId: string): Promise<PlanSummary[]> {
  const rows = await db
    .select()
    .from(businessPlans)
    .where(eq(businessPlans.userId, userId))
    .orderBy(desc(businessPlans.updatedAt));
  return rows.map(toSummary);
}

export async function createPlan(db: Db, userId: string, input: NewPlanInput): Promise<Plan> {
  const [row] = await db
    .insert(businessPlans)
    .values({
      userId,
      name: input.name.trim(),
      sections: emptySections,
      assumptions: emptyAssumptions,
    })
    .returning();
  return toPlan(db, row!);
}

async function ownRow(db: Db, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(businessPlans)
    .where(and(eq(businessPlans.id, id), eq(businessPlans.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** One of the customer's own plans; anyone else's is "not found". */
export async function readPlan(db: Db, userId: string, id: string): Promise<Plan> {
  return toPlan(db, await ownRow(db, userId, id));
}

/** The row behind the PDF: the customer's own plan. */
export const planForDocument = ownRow;

/**
 * Saves the whole plan when the edit started from the stored version (409 otherwise: another tab
 * or device saved in between), and answers it with the next version.
 */
export async function updatePlan(
  db: Db,
  userId: string,
  id: string,
  update: PlanUpdate,
): Promise<Plan> {
  const [row] = await db
    .update(businessPlans)
    .set({
      name: update.name,
      businessName: update.businessName,
      sections: update.sections,
      assumptions: update.assumptions,
      version: sql`${businessPlans.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(businessPlans.id, id),
        eq(businessPlans.userId, userId),
        eq(businessPlans.version, update.baseVersion),
      ),
    )
    .returning();
  if (row) return toPlan(db, row);
  await ownRow(db, userId, id);
  throw new AppError('CONFLICT', {
    message:
      'This plan was changed in another tab or on another device. Reload it to see the latest version.',
  });
}

/** A copy of one of the customer's plans, as a new draft. */
export async function duplicatePlan(db: Db, userId: string, id: string): Promise<Plan> {
  const source = await ownRow(db, userId, id);
  const [row] = await db
    .insert(businessPlans)
    .values({
      userId,
      name: `Copy of ${source.name}`.slice(0, 120),
      businessName: source.businessName,
      sections: source.sections,
      assumptions: source.assumptions,
    })
    .returning();
  return toPlan(db, row!);
}

/** Deletes a draft; a plan that is part of a paid order stays (it is the order's deliverable). */
export async function deletePlan(db: Db, userId: string, id: string): Promise<void> {
  const row = await ownRow(db, userId, id);
  if (row.orderItemId) {
    throw new AppError('CONFLICT', {
      message: 'This plan belongs to a paid order and cannot be deleted. Duplicate it instead.',
    });
  }
  await db.delete(businessPlans).where(eq(businessPlans.id, row.id));
}

/**
 * Paid professional plans start in the payment's transaction: one plan per paid plan package line,
 * with our writers, and the customer told where to follow it. Once per order line.
 */
export async function openPaidPlans(
  tx: Tx,
  config: PlanDeps['config'],
  order: { userId: string | null; reference: string; items: (typeof orderItems.$inferSelect)[] },
): Promise<void> {
  if (!order.userId) return;
  for (const item of order.items) {
    if (!item.packageId || !planPackages.has(item.packageId)) continue;
    const [row] = await tx
      .insert(businessPlans)
      .values({
        userId: order.userId,
        name: `${planPackages.get(item.packageId)} (order ${order.reference})`,
        sections: emptySections,
        assumptions: emptyAssumptions,
        status: 'in_review',
        orderItemId: item.id,
        packageId: item.packageId,
      })
      .onConflictDoNothing({ target: businessPlans.orderItemId })
      .returning();
    if (!row) continue;
    const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (customer) {
      await queueMail(tx, {
        to: customer.email,
        userId: customer.id,
        ...planStartedMail(config, { id: row.id, name: row.name, customerName: customer.fullName }),
      });
    }
  }
}

/**
 * A paid plan takes the sections and assumptions of another of the customer's plans (the plan
 * they already started), so our writers start from it.
 */
export async function importIntoPlan(
  db: Db,
  userId: string,
  id: string,
  fromId: string,
): Promise<Plan> {
  const target = await ownRow(db, userId, id);
  const source = await ownRow(db, userId, fromId);
  const [row] = await db
    .update(businessPlans)
    .set({
      businessName: source.businessName || target.businessName,
      sections: source.sections,
      assumptions: source.assumptions,
      version: sql`${businessPlans.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(businessPlans.id, target.id))
    .returning();
  return toPlan(db, row!);
}
