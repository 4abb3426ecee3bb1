import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { AlertTriangle, Clock, Download } from 'lucide-react';
import { formatDateTime } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { formatBytes, formatSeconds } from '#shared/numbers.ts';
import { conditionsText, requestName } from '#shared/speed-conditions.ts';
import {
  formatMetric,
  metricRating,
  scoreRating,
  type MetricKey,
  type Rating,
  type SpeedComparison,
  type SpeedReport,
  type SpeedRun,
} from '#shared/speed-reports.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  speedReportPdfUrl,
  speedReportScreenshotUrl,
  useSpeedReport,
} from '../api/get-speed-report.ts';
import { EmailReportForm } from '../components/email-report-form.tsx';
import { SpeedReportStart } from '../components/speed-report-start.tsx';

const ratingLabel: Record<Rating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** Lighthouse's colour bands: green, orange, red (text colours with 4.5:1 contrast). */
const ratingColour: Record<Rating, { text: string; stroke: string; badge: string }> = {
  good: { text: 'text-green-800', stroke: 'stroke-green-600', badge: 'bg-green-50 text-green-800' },
  'needs-improvement': {
    text: 'text-amber-800',
    stroke: 'stroke-amber-500',
    badge: 'bg-amber-50 text-amber-800',
  },
  poor: { text: 'text-red-800', stroke: 'stroke-red-600', badge: 'bg-red-50 text-red-800' },
};

const metrics: { key: MetricKey; name: string; explanation: string }[] = [
  {
    key: 'lcp',
    name: 'Largest Contentful Paint',
    explanation: 'When the main content (the big picture or headline) is on screen.',
  },
  {
    key: 'fcp',
    name: 'First Contentful Paint',
    explanation: 'When the first text or image appears, so visitors see the page is coming.',
  },
  {
    key: 'tbt',
    name: 'Total Blocking Time',
    explanation: 'How long scripts stop the page from reacting to taps while it loads.',
  },
  {
    key: 'cls',
    name: 'Cumulative Layout Shift',
    explanation: 'How much the page jumps around while loading (lower is better).',
  },
  {
    key: 'speedIndex',
    name: 'Speed Index',
    explanation: 'How quickly the visible part of the page fills in.',
  },
];

const scoreNames: { key: keyof SpeedRun['scores']; name: string }[] = [
  { key: 'performance', name: 'Performance' },
  { key: 'accessibility', name: 'Accessibility' },
  { key: 'bestPractices', name: 'Best practices' },
  { key: 'seo', name: 'SEO' },
];

/** A score as a ring in its colour band, with the number in the middle. */
function Gauge({ name, value }: { name: string; value: number | null }) {
  const rating = value === null ? null : scoreRating(value);
  const circumference = 2 * Math.PI * 42;
  return (
    <figure className="flex flex-col items-center gap-2 text-center">
      <div className="relative size-28">
        <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r="42" className="fill-none stroke-gray-200" strokeWidth="8" />
          {value !== null && rating && (
            <circle
              cx="50"
              cy="50"
              r="42"
              className={cn('fill-none', ratingColour[rating].stroke)}
              strokeWidth="8"
              strokeLinecap="round"
              strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
            />
          )}
        </svg>
        <span
          className={cn(
            'absolute inset-0 flex items-center justify-center text-3xl font-extrabold',
            rating ? ratingColour[rating].text : 'text-muted',
          )}
        >
          {value ?? '–'}
        </span>
      </div>
      <figcaption className="font-semibold text-ink">
        {name}
        <span className="sr-only">
          : {value === null ? 'not measured' : `${value} out of 100, ${ratingLabel[rating!]}`}
        </span>
      </figcaption>
    </figure>
  );
}

function RatingBadge({ rating }: { rating: Rating }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        ratingColour[rating].badge,
      )}
    >
      {ratingLabel[rating]}
    </span>
  );
}

function Waiting({ report }: { report: SpeedReport }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const running = report.status === 'running' && report.startedAt;
  const elapsed = running ? Math.max(0, now - new Date(report.startedAt!).getTime()) : 0;
  // Most sites take 10–25 s; the bar moves towards the hard cut without ever pretending to end.
  const progress = running ? Math.min(95, Math.round((elapsed / report.deadlineMs) * 100)) : 0;
  return (
    <Card className="mt-8">
      <div className="flex items-center gap-3">
        <Spinner label="" className="[&>span:first-child]:size-5" />
        <p className="text-lg font-semibold text-ink" aria-live="polite">
          {running
            ? 'Measuring your website as a phone on a mobile network would load it…'
            : report.queuePosition
              ? `Waiting in line: ${report.queuePosition} ${report.queuePosition === 1 ? 'report' : 'reports'} ahead of yours`
              : 'Starting the test…'}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Test progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-4 h-3 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <p className="mt-2 flex items-center gap-1 text-sm text-muted">
        <Clock className="size-4" aria-hidden="true" />
        {running
          ? `${Math.floor(elapsed / 1000)} s — usually done within 30 s, never more than ${Math.round(report.deadlineMs / 1000)} s.`
          : 'Reports are measured one at a time so every result is fair.'}
      </p>
    </Card>
  );
}

/** The test conditions under a run's scores: device, network, processor, Lighthouse, date. */
function Conditions({ run }: { run: SpeedRun }) {
  if (!run.conditions) return null;
  return <p className="mt-2 text-center text-xs text-muted">{conditionsText(run.conditions)}</p>;
}

/**
 * The largest downloads as a waterfall: each bar runs from when the request started to when it
 * ended, on one time scale, so a big file that holds up the page stands out.
 */
function Waterfall({ requests }: { requests: SpeedRun['largestRequests'] }) {
  if (requests.length === 0) return null;
  const end = Math.max(1, ...requests.map((r) => r.endMs));
  return (
    <section aria-labelledby="requests" className="mt-10">
      <h2 id="requests" className="text-2xl font-bold text-ink">
        Largest downloads
      </h2>
      <p className="mt-1 text-sm text-muted">
        The {requests.length} biggest files, each bar from when it was asked for to when it arrived
        (0 to {formatSeconds(end)}).
      </p>
      <ol className="mt-4 grid gap-2">
        {requests.map((request, i) => (
          <li
            key={`${request.url}-${i}`}
            className="grid gap-1 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-center sm:gap-3"
          >
            <p className="min-w-0 truncate text-ink" title={request.url}>
              <span className="font-semibold">{requestName(request)}</span>{' '}
              <span className="text-muted">
                {request.resourceType}, {formatBytes(request.transferBytes)}
              </span>
            </p>
            <div className="relative h-4 rounded bg-surface">
              <div
                className="absolute inset-y-0 rounded bg-brand-700"
                style={{
                  left: `${(request.startMs / end) * 100}%`,
                  width: `${Math.max(0.5, ((request.endMs - request.startMs) / end) * 100)}%`,
                }}
              />
              <span className="sr-only">
                {`from ${formatSeconds(request.startMs)} to ${formatSeconds(request.endMs)}`}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Results({ report, run }: { report: SpeedReport; run: SpeedRun }) {
  const weights = run.pageWeight.filter((row) => row.requests > 0 && row.type !== 'third-party');
  return (
    <>
      {report.partial && (
        <p className="mt-6 flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          The page did not finish loading in time, so some results may be missing or incomplete.
        </p>
      )}
      <section aria-labelledby="scores" className="mt-8">
        <h2 id="scores" className="text-2xl font-bold text-ink">
          Scores on mobile
        </h2>
        <div className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-4">
          {scoreNames.map(({ key, name }) => (
            <Gauge key={key} name={name} value={run.scores[key]} />
          ))}
        </div>
        <p className="mt-4 text-center text-sm text-muted">
          <span className="font-semibold text-red-800">0–49 poor</span> ·{' '}
          <span className="font-semibold text-amber-800">50–89 needs improvement</span> ·{' '}
          <span className="font-semibold text-green-800">90–100 good</span>
        </p>
        <Conditions run={run} />
      </section>

      <section aria-labelledby="metrics" className="mt-10">
        <h2 id="metrics" className="text-2xl font-bold text-ink">
          How fast it feels
        </h2>
        <ul className="mt-4 divide-y divide-line rounded-2xl border border-line">
          {metrics.map(({ key, name, explanation }) => {
            const value = run.metrics[key];
            return (
              <li key={key} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center">
                <div className="sm:flex-1">
                  <p className="font-semibold text-ink">{name}</p>
                  <p className="text-sm text-muted">{explanation}</p>
                </div>
                <div className="flex items-center gap-3 sm:justify-end">
                  <span className="text-lg font-bold text-ink tabular-nums">
                    {value === null ? 'not measured' : formatMetric(key, value)}
                  </span>
                  {value !== null && <RatingBadge rating={metricRating(key, value, 'mobile')} />}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="fixes" className="mt-10">
        <h2 id="fixes" className="text-2xl font-bold text-ink">
          What to fix first
        </h2>
        {report.moreOpportunities > 0 && (
          <p className="mt-2 text-muted">
            {`Showing the ${run.opportunities.length} biggest of ${run.opportunities.length + report.moreOpportunities} findings. The `}
            <Link
              href={`${paths.speedOptimization}#full-report`}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              full report
            </Link>{' '}
            lists every one, with desktop results and re-tests for 30 days.
          </p>
        )}
        {run.opportunities.length === 0 ? (
          <p className="mt-3 text-muted">Nothing important: this page is in good shape.</p>
        ) : (
          <ol className="mt-4 space-y-3">
            {run.opportunities.map((item) => (
              <li key={item.id} className="rounded-2xl border border-line p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-ink">{item.title}</p>
                  {(item.savingsMs ?? item.savingsBytes) !== null && (
                    <p className="text-sm font-semibold text-brand-700">
                      Saves about{' '}
                      {[
                        item.savingsMs ? formatSeconds(item.savingsMs) : null,
                        item.savingsBytes ? formatBytes(item.savingsBytes) : null,
                      ]
                        .filter(Boolean)
                        .join(' and ')}
                    </p>
                  )}
                </div>
                <p className="mt-1 text-muted">{item.advice}</p>
                {item.platformAdvice && (
                  <p className="mt-2 rounded-lg bg-surface p-3 text-sm text-ink">
                    <span className="font-semibold">On {item.platformAdvice.platform}:</span>{' '}
                    {item.platformAdvice.text}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      <Waterfall requests={run.largestRequests} />

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        {weights.length > 0 && (
          <section aria-labelledby="weight">
            <h2 id="weight" className="text-2xl font-bold text-ink">
              Page weight
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Downloaded size and requests by type</caption>
              <thead>
                <tr className="border-b border-line text-ink">
                  <th scope="col" className="py-2 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Requests
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Size
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {weights.map((row) => (
                  <tr key={row.type} className={row.type === 'total' ? 'font-bold' : undefined}>
                    <th scope="row" className="py-2 font-medium text-ink">
                      {row.label}
                    </th>
                    <td className="py-2 text-right tabular-nums">{row.requests}</td>
                    <td className="py-2 text-right tabular-nums">{formatBytes(row.bytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {report.hasScreenshot && (
          <section aria-labelledby="screenshot">
            <h2 id="screenshot" className="text-2xl font-bold text-ink">
              What the phone showed
            </h2>
            <img
              src={speedReportScreenshotUrl(report.id)}
              alt={`Your page as the test phone showed it at the end of the test`}
              className="mt-4 max-h-[32rem] rounded-xl border border-line"
              loading="lazy"
            />
          </section>
        )}
      </div>
    </>
  );
}

/** The full report's desktop run: its scores and timings with desktop thresholds. */
function DesktopResults({ run }: { run: SpeedRun }) {
  return (
    <section aria-labelledby="desktop" className="mt-10">
      <h2 id="desktop" className="text-2xl font-bold text-ink">
        Scores on desktop
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-4">
        {scoreNames.map(({ key, name }) => (
          <Gauge key={key} name={name} value={run.scores[key]} />
        ))}
      </div>
      <Conditions run={run} />
      <ul className="mt-6 divide-y divide-line rounded-2xl border border-line">
        {metrics.map(({ key, name }) => {
          const value = run.metrics[key];
          return (
            <li key={key} className="flex items-center justify-between gap-3 p-4">
              <p className="font-semibold text-ink">{name}</p>
              <div className="flex items-center gap-3">
                <span className="text-lg font-bold text-ink tabular-nums">
                  {value === null ? 'not measured' : formatMetric(key, value)}
                </span>
                {value !== null && <RatingBadge rating={metricRating(key, value, 'desktop')} />}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const changeStyle = {
  better: 'text-green-800',
  worse: 'text-red-800',
  same: 'text-ink',
  unknown: 'text-muted',
} as const;

/** A re-test against the run before it: "LCP 4,1 s → 2,3 s" for each score and metric. */
function ComparisonResults({ comparison }: { comparison: SpeedComparison }) {
  return (
    <section aria-labelledby="comparison" className="mt-8 rounded-2xl border border-line p-5">
      <h2 id="comparison" className="text-2xl font-bold text-ink">
        Since the last test
      </h2>
      <p className="mt-1 text-sm text-muted">
        Compared with the{' '}
        <Link
          href={paths.speedReport.replace(':id', encodeURIComponent(comparison.previousId))}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          test of {formatDateTime(comparison.previousCreatedAt)}
        </Link>
        .
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {(['mobile', 'desktop'] as const).map((formFactor) => {
          const changes = comparison.changes.filter((c) => c.formFactor === formFactor);
          if (changes.length === 0) return null;
          return (
            <div key={formFactor}>
              <h3 className="font-bold text-ink">
                {formFactor === 'mobile' ? 'Mobile' : 'Desktop'}
              </h3>
              <ul className="mt-2 space-y-1" aria-label={`Changes on ${formFactor}`}>
                {changes.map((change) => (
                  <li key={change.key} className={cn('tabular-nums', changeStyle[change.change])}>
                    {change.text}
                    {change.change === 'better' || change.change === 'worse' ? (
                      <span className="sr-only">, {change.change}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** `/speed-report/{id}`: the queue, the progress, then the report (issue 16 §1, §5, §7). */
export function SpeedReportPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: report, error } = useSpeedReport(id);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">
        Website speed report
      </p>
      <h1 className="mt-2 text-3xl font-extrabold break-words text-ink sm:text-4xl">
        {report ? new URL(report.url).host : 'Speed report'}
      </h1>
      {report && (
        <p className="mt-2 text-muted">
          <span className="break-all">{report.url}</span> ·{' '}
          {report.kind === 'full'
            ? 'full report, tested on mobile and desktop'
            : 'tested as a mobile visitor'}{' '}
          · {formatDateTime(report.finishedAt ?? report.createdAt)}
          {report.durationMs !== null && report.status !== 'queued'
            ? ` · took ${formatSeconds(report.durationMs)}`
            : ''}
        </p>
      )}

      {error && !report && (
        <p role="alert" className="mt-8 text-red-700">
          {error.message}
        </p>
      )}
      {!report && !error && <Spinner label="Loading the report" className="mt-8" />}
      {report && (report.status === 'queued' || report.status === 'running') && (
        <Waiting report={report} />
      )}
      {report?.status === 'failed' && (
        <Card className="mt-8">
          <p role="alert" className="text-lg font-semibold text-red-800">
            {report.error ?? 'The test could not be completed.'}
          </p>
          <p className="mt-2 text-muted">Check the address and try again.</p>
          <SpeedReportStart className="mt-4 max-w-xl" />
        </Card>
      )}
      {report?.comparison && <ComparisonResults comparison={report.comparison} />}
      {report?.status === 'done' && report.mobile && (
        <Results report={report} run={report.mobile} />
      )}
      {report?.status === 'done' && report.desktop && <DesktopResults run={report.desktop} />}
      {report && report.status !== 'failed' && (
        <div className="mt-10 rounded-2xl border border-line p-5">
          <EmailReportForm reportId={report.id} />
          {report.status === 'done' && report.mobile && (
            <a
              href={speedReportPdfUrl(report.id)}
              download
              className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-4"
            >
              <Download className="size-4" aria-hidden="true" />
              Download the report as a PDF
            </a>
          )}
        </div>
      )}

      {report && report.status !== 'queued' && report.status !== 'running' && (
        <section
          aria-labelledby="help"
          className="mt-12 rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
        >
          <h2 id="help" className="text-2xl font-bold">
            Want a faster website?
          </h2>
          <p className="mt-2 max-w-2xl text-brand-50">
            Our speed-optimisation service fixes what this report found — images, scripts, caching
            and hosting — and shows you the before and after.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button asChild variant="secondary" size="lg">
              <Link href={paths.contact}>Ask us to speed it up</Link>
            </Button>
            <Link
              href={paths.speedOptimization}
              className="inline-flex items-center px-2 font-semibold text-white underline underline-offset-4"
            >
              Test another website
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
