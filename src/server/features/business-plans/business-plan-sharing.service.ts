/**
 * A plan's read-only link (issue 33 §5): the customer gives it to a funder or an accountant, who
 * reads the plan and downloads its PDF without an account. Only the token's hash is kept: the
 * link is shown once, a new one replaces it, and revoking it makes it answer "not found".
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { businessPlans } from '#db/schema/index.ts';
import {
  emptyAssumptions,
  emptySections,
  type PlanShare,
  type SharedPlan,
} from '#shared/business-plans.schemas.ts';
import { paths } from '#shared/routes.ts';
import { createSecureToken, hashToken } from '../../lib/secure-token.ts';
import { AppError } from '../../plugins/errors.ts';
import { planForDocument } from './business-plans.service.ts';

const linkGone = () =>
  new AppError('NOT_FOUND', {
    message: 'This link to a business plan does not work: it was stopped or replaced by its owner',
  });

/** A new link for one of the customer's plans; the one before it stops working. */
export async function sharePlan(
  db: Db,
  input: { userId: string; planId: string; publicUrl: string },
): Promise<PlanShare> {
  const plan = await planForDocument(db, input.userId, input.planId);
  const { token, hash } = createSecureToken();
  const [row] = await db
    .update(businessPlans)
    .set({ shareTokenHash: hash, sharedAt: new Date() })
    .where(eq(businessPlans.id, plan.id))
    .returning({ sharedAt: businessPlans.sharedAt });
  return {
    url: `${input.publicUrl}${paths.sharedPlan}?token=${encodeURIComponent(token)}`,
    sharedAt: row!.sharedAt!.toISOString(),
  };
}

/** Stops the link of one of the customer's plans (nothing to stop is no error). */
export async function stopSharingPlan(db: Db, userId: string, planId: string): Promise<void> {
  const plan = await planForDocument(db, userId, planId);
  await db
    .update(businessPlans)
    .set({ shareTokenHash: null, sharedAt: null })
    .where(eq(businessPlans.id, plan.id));
}

/** The plan a link opens, for the PDF as for the page. */
export async function sharedPlanRow(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(businessPlans)
    .where(
      and(
        isNotNull(businessPlans.shareTokenHash),
        eq(businessPlans.shareTokenHash, hashToken(token)),
      ),
    );
  if (!row) throw linkGone();
  return row;
}

/** What the link's reader sees: the plan as it is now, without our writers' comments. */
export async function sharedPlan(db: Db, token: string): Promise<SharedPlan> {
  const row = await sharedPlanRow(db, token);
  return {
    name: row.name,
    businessName: row.businessName,
    sections: { ...emptySections, ...row.sections },
    assumptions: { ...emptyAssumptions, ...row.assumptions },
    updatedAt: row.updatedAt.toISOString(),
  };
}
