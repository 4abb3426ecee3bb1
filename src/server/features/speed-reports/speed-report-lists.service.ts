/** Speed reports as lists: the customer's own and the back office's. */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { speedReportPurchases, speedReports } from '#db/schema/index.ts';
import {
  type SpeedReportAdminItem,
  type SpeedReportHistory,
} from '#shared/speed-reports.schemas.ts';
import { iso } from './speed-reports.service.ts';

/** The customer's paid reports, newest first, each with its runs (the dashboard's history). */
export async function listCustomerSpeedReports(
  db: Db,
  userId: string,
): Promise<SpeedReportHistory> {
  const purchases = await db
    .select()
    .from(speedReportPurchases)
    .where(eq(speedReportPurchases.userId, userId))
    .orderBy(desc(speedReportPurchases.createdAt))
    .limit(100);
  const runs = purchases.length
    ? await db
        .select({
          id: speedReports.id,
          purchaseId: speedReports.purchaseId,
          status: speedReports.status,
          partial: speedReports.partial,
          createdAt: speedReports.createdAt,
          finishedAt: speedReports.finishedAt,
          mobilePerformance: sql<
            number | null
          >`(${speedReports.mobile} -> 'scores' ->> 'performance')::int`,
          desktopPerformance: sql<
            number | null
          >`(${speedReports.desktop} -> 'scores' ->> 'performance')::int`,
        })
        .from(speedReports)
        .where(
          inArray(
            speedReports.purchaseId,
            purchases.map((p) => p.id),
          ),
        )
        .orderBy(desc(speedReports.createdAt))
    : [];
  const now = Date.now();
  return {
    purchases: purchases.map((purchase) => ({
      id: purchase.id,
      url: purchase.url,
      purchasedAt: purchase.createdAt.toISOString(),
      retestUntil: purchase.retestUntil.toISOString(),
      canRetest: purchase.retestUntil.getTime() > now,
      runs: runs
        .filter((run) => run.purchaseId === purchase.id)
        .map((run) => ({
          id: run.id,
          status: run.status,
          partial: run.partial,
          createdAt: run.createdAt.toISOString(),
          finishedAt: iso(run.finishedAt),
          mobilePerformance: run.mobilePerformance === null ? null : Number(run.mobilePerformance),
          desktopPerformance:
            run.desktopPerformance === null ? null : Number(run.desktopPerformance),
        })),
    })),
  };
}

const adminPageSize = 25;

/** Every report for the back office, newest first: status, score, duration and failures. */
export async function listSpeedReports(
  db: Db,
  options: { page: number },
): Promise<{ items: SpeedReportAdminItem[]; total: number; page: number; pageSize: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: speedReports.id,
        url: speedReports.url,
        kind: speedReports.kind,
        status: speedReports.status,
        performance: sql<
          number | null
        >`(${speedReports.mobile} -> 'scores' ->> 'performance')::int`,
        partial: speedReports.partial,
        durationMs: speedReports.durationMs,
        error: speedReports.error,
        createdAt: speedReports.createdAt,
        finishedAt: speedReports.finishedAt,
      })
      .from(speedReports)
      .orderBy(desc(speedReports.createdAt), desc(speedReports.id))
      .limit(adminPageSize)
      .offset((options.page - 1) * adminPageSize),
    db.select({ total: count() }).from(speedReports),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      performance: row.performance === null ? null : Number(row.performance),
      createdAt: row.createdAt.toISOString(),
      finishedAt: iso(row.finishedAt),
    })),
    total: totals?.total ?? 0,
    page: options.page,
    pageSize: adminPageSize,
  };
}
