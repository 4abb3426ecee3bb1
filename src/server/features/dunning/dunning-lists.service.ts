import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { dunningCases, users } from '#db/schema/index.ts';
import type { DunningCase, DunningCaseList } from '#shared/dunning.schemas.ts';
import { caseReferences, type DunningCaseRow } from './dunning-cases.service.ts';

type Customer = DunningCase['customer'];

async function toCases(
  db: Db,
  rows: { row: DunningCaseRow; customer: Customer }[],
): Promise<DunningCase[]> {
  const references = await caseReferences(
    db,
    rows.map(({ row }) => row),
  );
  return rows.map(({ row, customer }) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    amountCents: row.amountCents,
    status: row.status,
    dueAt: row.dueAt.toISOString(),
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    orderReference: references.order.get(row.orderId) ?? '',
    subscriptionReference: row.subscriptionId
      ? (references.subscription.get(row.subscriptionId) ?? null)
      : null,
    customer,
    steps: row.steps.map((step) => ({
      step: step.step,
      kind: step.kind,
      dueAt: step.dueAt,
      doneAt: step.doneAt ?? null,
      note: step.note ?? null,
    })),
  }));
}

const withCustomer = (db: Db) =>
  db
    .select({
      row: dunningCases,
      customer: sql<Customer>`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'fullName', ${users.fullName}, 'email', ${users.email}) end`,
    })
    .from(dunningCases)
    .leftJoin(users, eq(users.id, dunningCases.userId));

/** What the open monthly cases would bring in each month: the recurring revenue at risk. */
export async function mrrAtRisk(db: Db): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | number | null>`sum(${dunningCases.amountCents})` })
    .from(dunningCases)
    .where(and(eq(dunningCases.status, 'open'), eq(dunningCases.kind, 'monthly')));
  return Number(row?.cents ?? 0);
}

/**
 * The "Past due" list: every open case whose due date has passed, longest overdue first. A
 * renewal's case opens before its due date (for its reminders) and joins the list on that date.
 */
export async function listPastDue(db: Db, now = new Date()): Promise<DunningCaseList> {
  const [rows, atRisk] = await Promise.all([
    withCustomer(db)
      .where(and(eq(dunningCases.status, 'open'), lte(dunningCases.dueAt, now)))
      .orderBy(asc(dunningCases.dueAt)),
    mrrAtRisk(db),
  ]);
  return { items: await toCases(db, rows), mrrAtRiskCents: atRisk };
}

/** One customer's cases, open and closed, newest first, for their page in the back office. */
export async function customerDunningCases(db: Db, userId: string): Promise<DunningCase[]> {
  const rows = await withCustomer(db)
    .where(eq(dunningCases.userId, userId))
    .orderBy(desc(dunningCases.openedAt));
  return toCases(db, rows);
}
