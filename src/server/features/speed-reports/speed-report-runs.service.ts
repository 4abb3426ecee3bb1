/**
 * Measuring a queued speed report (the speed-report job): run Lighthouse, keep what it gives, fail
 * or mail it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client.ts';
import { speedReports } from '#db/schema/index.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { checkHost } from '../../integrations/lighthouse/public-address.ts';
import { runLighthouse, type FormFactor } from '../../integrations/lighthouse/run-lighthouse.ts';
import { speedReportMail } from './speed-report-mails.ts';
import { finishReport, getSpeedReport, type SpeedReportDeps } from './speed-reports.service.ts';

/**
 * The `speed-report` job: measures the page with Lighthouse (mobile; desktop too for the full
 * report) within the hard deadline, and stores what it got. The host is checked again first
 * (its DNS may have changed since it was asked for); the measuring browser can reach public
 * addresses only, whatever redirects or DNS do (guard-proxy.ts).
 */
export async function runSpeedReport(
  deps: SpeedReportDeps & { log: FastifyBaseLogger },
  reportId: string,
): Promise<void> {
  const [report] = await deps.db
    .update(speedReports)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(eq(speedReports.id, reportId), inArray(speedReports.status, ['queued', 'running'])))
    .returning();
  if (!report) return;
  const checked = await checkHost(new URL(report.url).hostname, {
    allowHosts: deps.config.allowHosts,
  });
  if (!checked.ok) {
    await finishReport(deps.db, reportId, {
      status: 'failed',
      partial: false,
      error: `${report.host} ${checked.reason}`,
    });
    return;
  }
  const formFactors: FormFactor[] = report.kind === 'full' ? ['mobile', 'desktop'] : ['mobile'];
  const outcome = await runLighthouse({
    url: report.url,
    formFactors,
    chromePath: deps.config.chromePath,
    allowHosts: deps.config.allowHosts,
    deadlineMs: deps.config.deadlineMs,
  });
  const measured = Boolean(outcome.runs.mobile ?? outcome.runs.desktop);
  await finishReport(deps.db, reportId, {
    status: measured ? 'done' : 'failed',
    partial: outcome.partial,
    mobile: outcome.runs.mobile ?? null,
    desktop: outcome.runs.desktop ?? null,
    screenshot: outcome.screenshot,
    error: outcome.error,
  });
  deps.log.info(
    { reportId, partial: outcome.partial, timedOut: outcome.timedOut, error: outcome.error },
    'speed report finished',
  );
}

/** The job could not run the report at all (its last try failed): it is failed, not running. */
export async function failSpeedReport(db: Db, reportId: string, error: string): Promise<void> {
  await finishReport(db, reportId, { status: 'failed', partial: true, error });
}

/** "E-mail me this report": queues a mail with the report's link (sent by the `send-mail` job). */
export async function emailSpeedReport(
  deps: SpeedReportDeps & { mail: Pick<Config, 'site' | 'publicUrl'> },
  input: { id: string; email: string; userId: string | null },
): Promise<void> {
  const report = await getSpeedReport(deps, input.id);
  await queueMail(deps.db, {
    to: input.email,
    userId: input.userId,
    ...speedReportMail(deps.mail, report),
  });
}
