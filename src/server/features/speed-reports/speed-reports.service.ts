import { and, count, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import type { orderItems } from '#db/schema/index.ts';
import { speedReportPurchases, speedReports } from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import {
  compareRuns,
  freeOpportunityCount,
  normalizeSiteUrl,
  type SpeedComparison,
  type SpeedReport,
} from '#shared/speed-reports.schemas.ts';
import type { Config, SpeedReportsConfig } from '../../config.ts';
import { companyOf } from '../../integrations/pdf/letterhead.ts';
import { renderSpeedReportPdf } from '../../integrations/pdf/speed-report-pdf.ts';
import { checkHost } from '../../integrations/lighthouse/public-address.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../plugins/errors.ts';

export interface SpeedReportDeps {
  db: Db;
  config: SpeedReportsConfig;
}

export type ReportRow = typeof speedReports.$inferSelect;

/**
 * A report still `running` this long after it started lost its process on both tries: it is
 * shown (and stored) as failed, so none is left running.
 */
const staleAfterMs = (config: SpeedReportsConfig) => config.deadlineMs + 5 * 60_000;

/** How long one report takes when none has finished lately to say (the benchmark's goal). */
const assumedReportMs = 20_000;

/**
 * The overall cap on free reports (issue 25 §4): with `queueLimit` reports waiting or running
 * (every process's, paid ones included), a new free report is refused with 503 and a wait worth
 * the queue (its length × the recent average report time ÷ this process's concurrency). Paid
 * reports and their re-tests are never refused. Runs under a lock, so a burst cannot overshoot.
 */
async function refuseWhenBusy(tx: Tx, config: SpeedReportsConfig): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7160025)`);
  const [waiting] = await tx
    .select({ n: count() })
    .from(speedReports)
    .where(
      or(
        eq(speedReports.status, 'queued'),
        and(
          eq(speedReports.status, 'running'),
          // A run past this lost its process: it no longer holds a place (getSpeedReport).
          gt(
            speedReports.startedAt,
            sql`now() - make_interval(secs => ${staleAfterMs(config) / 1000})`,
          ),
        ),
      ),
    );
  const inLine = waiting?.n ?? 0;
  if (inLine < config.queueLimit) return;
  const lastDone = tx
    .select({ durationMs: speedReports.durationMs })
    .from(speedReports)
    .where(and(eq(speedReports.status, 'done'), gt(speedReports.durationMs, 0)))
    .orderBy(desc(speedReports.finishedAt))
    .limit(20)
    .as('last_done');
  const [recent] = await tx
    .select({ averageMs: sql<string | null>`avg(${lastDone.durationMs})` })
    .from(lastDone);
  const typicalMs = Number(recent?.averageMs ?? 0) || assumedReportMs;
  const minutes = Math.max(1, Math.ceil((inLine * typicalMs) / config.concurrency / 60_000));
  throw new AppError('SERVICE_UNAVAILABLE', {
    message: `Our speed tester is busy with ${inLine} reports. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    retryAfterSeconds: minutes * 60,
  });
}

/**
 * Checks an address and queues its report (issue 16 §1, §4): http(s) only, and the host must
 * resolve to public addresses only; otherwise 400 with the reason. `limitQueue` (the public
 * free report) refuses it while the queue is full (`refuseWhenBusy`).
 */
export async function requestSpeedReport(
  deps: SpeedReportDeps,
  input: {
    url: string;
    ip: string | null;
    userId?: string | null;
    kind?: 'free' | 'full';
    purchaseId?: string | null;
    limitQueue?: boolean;
  },
): Promise<{ id: string; status: 'queued' }> {
  const checked = await checkSpeedReportAddress(deps.config, input.url);
  return deps.db.transaction(async (tx) => {
    if (input.limitQueue) await refuseWhenBusy(tx, deps.config);
    const [row] = await tx
      .insert(speedReports)
      .values({
        url: checked.url,
        host: checked.host,
        kind: input.kind ?? 'free',
        userId: input.userId ?? null,
        purchaseId: input.purchaseId ?? null,
        requesterIp: input.ip,
      })
      .returning({ id: speedReports.id });
    await enqueueJob(tx, 'speed-report', { reportId: row!.id });
    return { id: row!.id, status: 'queued' as const };
  });
}

/**
 * The public-address rules of `POST /api/speed-reports`, for any address a report will measure
 * (the full report's cart line too): the normalised address, or 400 with the reason.
 */
export async function checkSpeedReportAddress(
  config: Pick<SpeedReportsConfig, 'allowHosts'>,
  input: string,
): Promise<{ url: string; host: string }> {
  const url = normalizeSiteUrl(input);
  if (!url) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Enter an http:// or https:// website address, such as yourbusiness.co.za',
    });
  }
  const checked = await checkHost(url.hostname, { allowHosts: config.allowHosts });
  if (!checked.ok) {
    throw new AppError('BAD_REQUEST', { message: `${url.hostname} ${checked.reason}` });
  }
  return { url: url.href, host: checked.host };
}

/** Re-tests of a paid full report are open this long after payment (issue 16 §6). */
export const retestDays = 30;

/**
 * A paid order's full speed reports (called by payments in the payment's transaction): each
 * `speed-report` line becomes a purchase and its first report (mobile and desktop) is queued.
 * The address was checked when the order was made and is checked again when the job runs.
 * Idempotent: a line that already has its purchase is left alone.
 */
export async function startPaidSpeedReports(
  tx: Tx,
  order: { userId: string | null; items: (typeof orderItems.$inferSelect)[] },
): Promise<void> {
  for (const item of order.items) {
    const url = item.type === 'speed-report' ? item.details?.url : undefined;
    if (typeof url !== 'string') continue;
    const [purchase] = await tx
      .insert(speedReportPurchases)
      .values({
        orderItemId: item.id,
        userId: order.userId,
        url,
        host: new URL(url).hostname,
        retestUntil: sql`now() + make_interval(days => ${retestDays})`,
      })
      .onConflictDoNothing({ target: speedReportPurchases.orderItemId })
      .returning();
    if (!purchase) continue;
    const [report] = await tx
      .insert(speedReports)
      .values({
        url,
        host: purchase.host,
        kind: 'full',
        userId: order.userId,
        purchaseId: purchase.id,
      })
      .returning({ id: speedReports.id });
    await enqueueJob(tx, 'speed-report', { reportId: report!.id });
  }
}

/**
 * A re-test of a paid report's address (mobile and desktop), for its owner, within 30 days of
 * payment and one at a time; its report compares itself with the run before it.
 */
export async function retestSpeedReport(
  deps: SpeedReportDeps,
  input: { purchaseId: string; userId: string; ip: string | null },
): Promise<{ id: string; status: 'queued' }> {
  const [purchase] = await deps.db
    .select()
    .from(speedReportPurchases)
    .where(
      and(
        eq(speedReportPurchases.id, input.purchaseId),
        eq(speedReportPurchases.userId, input.userId),
      ),
    );
  if (!purchase) {
    throw new AppError('NOT_FOUND', { message: 'There is no such speed report in your account' });
  }
  if (purchase.retestUntil.getTime() <= Date.now()) {
    throw new AppError('CONFLICT', {
      message: `Re-tests of ${purchase.host} ended on ${formatDate(purchase.retestUntil)}, ${retestDays} days after payment. Order a new full report to measure it again.`,
    });
  }
  const [waiting] = await deps.db
    .select({ id: speedReports.id })
    .from(speedReports)
    .where(
      and(
        eq(speedReports.purchaseId, purchase.id),
        inArray(speedReports.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  if (waiting) {
    throw new AppError('CONFLICT', {
      message: `${purchase.host} is being measured already: wait for that report to finish`,
    });
  }
  return requestSpeedReport(deps, {
    url: purchase.url,
    ip: input.ip,
    userId: input.userId,
    kind: 'full',
    purchaseId: purchase.id,
  });
}

/** A paid run against the finished run before it of the same address and customer. */
async function comparisonOf(db: Db, row: ReportRow): Promise<SpeedComparison | null> {
  if (!row.purchaseId || !row.userId || row.status !== 'done') return null;
  const [previous] = await db
    .select()
    .from(speedReports)
    .where(
      and(
        isNotNull(speedReports.purchaseId),
        eq(speedReports.userId, row.userId),
        eq(speedReports.url, row.url),
        eq(speedReports.status, 'done'),
        lt(speedReports.createdAt, row.createdAt),
      ),
    )
    .orderBy(desc(speedReports.createdAt))
    .limit(1);
  if (!previous) return null;
  return {
    previousId: previous.id,
    previousCreatedAt: previous.createdAt.toISOString(),
    changes: compareRuns(
      { mobile: previous.mobile, desktop: previous.desktop },
      { mobile: row.mobile, desktop: row.desktop },
    ),
  };
}

export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One report as the API shows it, with its place in the queue while it waits. */
export async function getSpeedReport(deps: SpeedReportDeps, id: string): Promise<SpeedReport> {
  let [row] = await deps.db.select().from(speedReports).where(eq(speedReports.id, id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'There is no such speed report' });
  if (
    row.status === 'running' &&
    row.startedAt &&
    Date.now() - row.startedAt.getTime() > staleAfterMs(deps.config)
  ) {
    row = (await finishReport(deps.db, row.id, {
      status: 'failed',
      partial: true,
      error: 'The measurement stopped unexpectedly. Please try again.',
    })) ?? { ...row, status: 'failed' };
  }
  let queuePosition: number | null = null;
  if (row.status === 'queued') {
    const [ahead] = await deps.db
      .select({ n: count() })
      .from(speedReports)
      .where(
        and(
          inArray(speedReports.status, ['queued', 'running']),
          lt(speedReports.createdAt, row.createdAt),
        ),
      );
    queuePosition = ahead?.n ?? 0;
  } else if (row.status === 'running') queuePosition = 0;
  // The free report: the top findings; the full report has every one.
  const found = row.mobile?.opportunities.length ?? 0;
  const shown = row.kind === 'full' ? found : Math.min(found, freeOpportunityCount);
  const mobile = row.mobile
    ? { ...row.mobile, opportunities: row.mobile.opportunities.slice(0, shown) }
    : null;
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    durationMs: row.durationMs,
    partial: row.partial,
    mobile,
    desktop: row.desktop ?? null,
    error: row.error,
    queuePosition,
    hasScreenshot: row.screenshot !== null,
    deadlineMs: deps.config.deadlineMs,
    kind: row.kind,
    moreOpportunities: found - shown,
    comparison: await comparisonOf(deps.db, row),
  };
}

/** The screenshot of the measured page as JPEG bytes, or null. */
export async function getSpeedReportScreenshot(
  db: Db,
  id: string,
): Promise<{ type: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ screenshot: speedReports.screenshot })
    .from(speedReports)
    .where(eq(speedReports.id, id));
  const match =
    row?.screenshot && /^data:(image\/(?:jpeg|png|webp));base64,(.+)$/.exec(row.screenshot);
  return match ? { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : null;
}

export async function finishReport(
  db: Db,
  id: string,
  values: Partial<Pick<ReportRow, 'mobile' | 'desktop' | 'screenshot' | 'error'>> & {
    status: 'done' | 'failed';
    partial: boolean;
  },
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(speedReports)
    .set({
      ...values,
      finishedAt: sql`now()`,
      durationMs: sql`coalesce((extract(epoch from (now() - ${speedReports.startedAt})) * 1000)::int, 0)`,
    })
    .where(and(eq(speedReports.id, id), inArray(speedReports.status, ['queued', 'running'])))
    .returning();
  return row;
}

/** The finished report as a PDF download; 404 until it has results. */
export async function speedReportPdf(
  deps: SpeedReportDeps & { mail: Pick<Config, 'site' | 'publicUrl' | 'supplier'> },
  id: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const report = await getSpeedReport(deps, id);
  const run = report.mobile;
  if (report.status !== 'done' || !run) {
    throw new AppError('NOT_FOUND', { message: 'This report has no results to download yet' });
  }
  const shot = await getSpeedReportScreenshot(deps.db, id);
  const pdf = await renderSpeedReportPdf({
    report,
    run,
    company: companyOf(deps.mail),
    siteName: deps.mail.site.siteName,
    reportUrl: `${deps.mail.publicUrl}/speed-report/${report.id}`,
    screenshot: shot?.type === 'image/jpeg' || shot?.type === 'image/png' ? shot.bytes : null,
  });
  const host = new URL(report.url).hostname.replace(/[^a-z0-9.-]/gi, '-');
  return { pdf, filename: `speed-report-${host}.pdf` };
}
