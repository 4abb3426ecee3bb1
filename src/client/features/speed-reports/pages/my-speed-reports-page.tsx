import { Link } from 'wouter';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import type { SpeedReportPurchase } from '#shared/speed-reports.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMySpeedReports } from '../api/get-my-speed-reports.ts';
import { useRetestSpeedReport } from '../api/retest-speed-report.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { formatZAR } from '#shared/money.ts';

const statusLabel = {
  queued: 'Waiting',
  running: 'Measuring',
  done: 'Done',
  failed: 'Failed',
} as const;

const reportPath = (id: string) => paths.speedReport.replace(':id', encodeURIComponent(id));

function Purchase({ purchase }: { purchase: SpeedReportPurchase }) {
  const retest = useRetestSpeedReport();
  const measuring = purchase.runs.some(
    (run) => run.status === 'queued' || run.status === 'running',
  );
  const host = new URL(purchase.url).host;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold break-all text-ink">{host}</h2>
          <p className="text-sm text-muted">
            Bought {formatDate(purchase.purchasedAt)} ·{' '}
            {purchase.canRetest
              ? `re-tests until ${formatDate(purchase.retestUntil)}`
              : `re-tests ended ${formatDate(purchase.retestUntil)}`}
          </p>
        </div>
        {purchase.canRetest && (
          <Button
            onClick={() => retest.mutate(purchase.id)}
            disabled={measuring || retest.isPending}
            aria-label={`Re-test ${host}`}
          >
            {measuring ? 'Measuring…' : 'Re-test and compare'}
          </Button>
        )}
      </div>
      {retest.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {retest.error.message}
        </p>
      )}
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Tests of {host}, newest first</caption>
        <thead>
          <tr className="border-b border-line text-ink">
            <th scope="col" className="py-2 font-semibold">
              Tested
            </th>
            <th scope="col" className="py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Mobile
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Desktop
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {purchase.runs.map((run) => (
            <tr key={run.id}>
              <td className="py-2">
                <Link
                  href={reportPath(run.id)}
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  {formatDateTime(run.createdAt)}
                </Link>
              </td>
              <td className="py-2">
                {statusLabel[run.status]}
                {run.partial && run.status === 'done' ? ' (partial)' : ''}
              </td>
              <td className="py-2 text-right tabular-nums">{run.mobilePerformance ?? '–'}</td>
              <td className="py-2 text-right tabular-nums">{run.desktopPerformance ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** `/user/speed-reports`: the customer's paid full reports, their runs and re-tests. */
export function MySpeedReportsPage() {
  const { data, error, isPending } = useMySpeedReports();
  const speedReportCents = useCatalogue().priceCentsOf('speed-report');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-extrabold text-ink">Speed reports</h1>
        <p className="mt-1 text-muted">
          Your full website speed reports (mobile and desktop). Re-test a website for 30 days after
          buying its report and see what changed since the test before.
        </p>
      </div>
      {isPending && <Spinner label="Loading your speed reports" />}
      {error && (
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      )}
      {data?.purchases.length === 0 && (
        <Card>
          <p className="text-muted">
            No full reports yet.{' '}
            {speedReportCents !== undefined && (
              <>
                <Link
                  href={`${paths.speedOptimization}#full-report`}
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  Order one for {formatZAR(speedReportCents)}
                </Link>{' '}
                or run
              </>
            )}
            {speedReportCents === undefined && 'Run'} a free mobile test.
          </p>
        </Card>
      )}
      {data?.purchases.map((purchase) => (
        <Purchase key={purchase.id} purchase={purchase} />
      ))}
    </div>
  );
}
