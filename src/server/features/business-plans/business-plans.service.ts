import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { businessPlans } from '#db/schema/index.ts';
import {
  emptyAssumptions,
  emptySections,
  planSections,
  type NewPlanInput,
  type Plan,
  type PlanSummary,
  type PlanUpdate,
} from '#shared/business-plans.schemas.ts';
import { AppError } from '../../plugins/errors.ts';

type Row = typeof businessPlans.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', { message: 'That business plan does not exist' });

/** Written sections with text, and the assumptions once a product has a price. */
function progress(row: Row): { completedSteps: number; totalSteps: number } {
  const written = planSections.filter((s) => row.sections[s]?.trim()).length;
  const priced = row.assumptions.products.some((p) => p.unitPriceCents > 0 && p.unitsPerMonth > 0);
  return { completedSteps: written + (priced ? 1 : 0), totalSteps: planSections.length + 1 };
}

const toSummary = (row: Row): PlanSummary => ({
  id: row.id,
  name: row.name,
  businessName: row.businessName,
  status: row.status,
  ...progress(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toPlan = (row: Row): Plan => ({
  ...toSummary(row),
  // Older rows keep working when a section or assumption is added later.
  sections: { ...emptySections, ...row.sections },
  assumptions: { ...emptyAssumptions, ...row.assumptions },
  version: row.version,
});

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
  return toPlan(row!);
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
  return toPlan(await ownRow(db, userId, id));
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
  if (row) return toPlan(row);
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
  return toPlan(row!);
}

/** Deletes a draft; a plan that is part of a paid order stays (it is the order's deliverable). */
export async function deletePlan(db: Db, userId: string, id: string): Promise<void> {
  const row = await ownRow(db, userId, id);
  if (row.orderId) {
    throw new AppError('CONFLICT', {
      message: 'This plan belongs to a paid order and cannot be deleted. Duplicate it instead.',
    });
  }
  await db.delete(businessPlans).where(eq(businessPlans.id, row.id));
}
