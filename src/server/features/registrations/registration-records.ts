import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orderItems, orders, registrationCases } from '#db/schema/index.ts';
import type {
  AdminRegistrationCase,
  RegistrationCase,
  RegistrationStage,
  RegistrationSummary,
} from '#shared/registrations.schemas.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../plugins/errors.ts';
import { listUploads } from '../uploads/uploads.service.ts';

/** What the customer's and the back office's registration services share: finding and viewing. */
export type CaseRow = typeof registrationCases.$inferSelect;

export interface RegistrationDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

const notFound = () =>
  new AppError('NOT_FOUND', { message: 'That company registration does not exist' });

/** The first stage not done yet; null once every stage sold is done. */
export const currentStage = (row: CaseRow): RegistrationStage | null =>
  row.stages.find((stage) => !row.done[stage]) ?? null;

export const toSummary = (row: CaseRow): RegistrationSummary => ({
  reference: row.reference,
  title: row.title,
  companyName: row.approvedName ?? row.proposedNames[0] ?? '',
  stage: currentStage(row),
  stages: row.stages,
  completedAt: row.completedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function fullView(tx: Db | Tx, row: CaseRow): Promise<RegistrationCase> {
  return {
    ...toSummary(row),
    proposedNames: row.proposedNames,
    approvedName: row.approvedName,
    done: row.done,
    files: await listUploads(tx, { registrationCaseId: row.id }),
  };
}

export async function adminView(tx: Db | Tx, row: CaseRow): Promise<AdminRegistrationCase> {
  const [order] = row.orderItemId
    ? await tx
        .select({ reference: orders.reference })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.id, row.orderItemId))
    : [];
  return {
    ...(await fullView(tx, row)),
    name: row.name,
    email: row.email,
    orderReference: order?.reference ?? null,
    checklist: row.checklist,
  };
}

/** The case by its reference; with `userId`, only the customer's own (anyone else's is a 404). */
export async function findCase(
  tx: Db | Tx,
  reference: string,
  options: { userId?: string; lock?: boolean } = {},
) {
  const query = tx
    .select()
    .from(registrationCases)
    .where(
      and(
        eq(registrationCases.reference, reference),
        options.userId ? eq(registrationCases.userId, options.userId) : undefined,
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const touch = async (
  tx: Tx,
  id: string,
  set: Partial<typeof registrationCases.$inferInsert> = {},
) => {
  const [row] = await tx
    .update(registrationCases)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(registrationCases.id, id))
    .returning();
  return row!;
};
