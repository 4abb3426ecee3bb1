import {
  balanceSheetLines,
  breakEvenText,
  cashFlowLines,
  profitAndLossLines,
  type Projection,
  type ProjectionRow,
} from '#shared/business-plan-projections.ts';
import type { PlanAssumptions } from '#shared/business-plans.schemas.ts';
import {
  lenderVerdict,
  percentText,
  planRatios,
  ratioText,
  type YearRatios,
} from '#shared/business-plan-ratios.ts';
import { saToday } from '#shared/dates.ts';
import { formatZAR, formatZARCompact } from '#shared/money.ts';
import { vatThresholdWarning } from '#shared/vat-registration.ts';
import { repaymentRows, repaymentSchedule } from '#shared/business-plan-funding.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

type Lines = typeof profitAndLossLines;

const statements: { title: string; lines: Lines; note: string }[] = [
  { title: 'Profit and loss', lines: profitAndLossLines, note: 'Excluding VAT.' },
  {
    title: 'Cash flow',
    lines: cashFlowLines,
    note: 'Operating: trading, VAT, interest and tax. Financing: funding in, loan capital repaid.',
  },
  {
    title: 'Balance sheet',
    lines: balanceSheetLines,
    note: 'At the end of each period; start-up costs are expensed, so the business holds no equipment.',
  },
];

interface FigureRow {
  label: string;
  strong?: boolean | undefined;
  values: string[];
}

/** A statement's lines as rows, for these periods. */
const statementRows = (lines: Lines, periods: ProjectionRow[]): FigureRow[] =>
  lines.map((line) => ({
    label: line.label,
    strong: line.strong,
    values: periods.map((period) => formatZAR(period[line.key])),
  }));

/** A table of figures: a row per line, a column per period. */
function Figures({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: FigureRow[];
}) {
  return (
    <TableScroll label={caption}>
      <table className="w-full text-right text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              <span className="sr-only">Line</span>
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.label} className={row.strong ? 'font-semibold text-ink' : 'text-ink'}>
              <th scope="row" className="min-w-28 px-3 py-1.5 text-left font-medium">
                {row.label}
              </th>
              {row.values.map((value, i) => (
                <td key={i} className="px-3 py-1.5 whitespace-nowrap">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Month-end cash over the 36 months, as a line against zero. */
function CashChart({ projection }: { projection: Projection }) {
  const cash = projection.months.map((m) => m.closingCash);
  const hi = Math.max(0, ...cash);
  const lo = Math.min(0, ...cash);
  const span = Math.max(1, hi - lo);
  const width = 600;
  const height = 160;
  const y = (v: number) => 8 + (1 - (v - lo) / span) * (height - 16);
  const points = cash.map((v, i) => `${(i / (cash.length - 1)) * width},${y(v)}`).join(' ');
  // Where zero sits on the axis (0 top, 1 bottom): labelled only clear of the top and bottom.
  const zeroAt = y(0) / height;
  return (
    <figure className="rounded-2xl border border-line p-4">
      <figcaption className="text-sm font-semibold text-ink">
        Cash at month end, 36 months
      </figcaption>
      <div className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        {/* The rand axis: the highest and lowest month-end cash, and zero when it lies well between. */}
        <div
          aria-hidden="true"
          data-testid="cash-axis"
          className="relative h-40 w-16 text-right text-xs text-muted tabular-nums"
        >
          <span className="absolute right-0 top-0">{formatZARCompact(hi)}</span>
          {zeroAt > 0.15 && zeroAt < 0.85 && (
            <span className="absolute right-0 -translate-y-1/2" style={{ top: `${zeroAt * 100}%` }}>
              {formatZARCompact(0)}
            </span>
          )}
          <span className="absolute right-0 bottom-0">{formatZARCompact(lo)}</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-40 w-full"
          role="img"
          aria-label={`Cash at month end runs from ${formatZAR(cash[0]!)} in month 1 to ${formatZAR(cash.at(-1)!)} in month 36, lowest ${formatZAR(lo)}.`}
          preserveAspectRatio="none"
        >
          <line x1="0" x2={width} y1={y(0)} y2={y(0)} stroke="#d0d5dd" strokeWidth="1" />
          <polyline
            points={points}
            fill="none"
            stroke="#0f5132"
            strokeWidth="2.5"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <p className="mt-1 ml-18 flex justify-between text-xs text-muted">
        <span>Month 1</span>
        <span>Month 36</span>
      </p>
    </figure>
  );
}

const slug = (title: string) => `statement-${title.toLowerCase().replace(/\W+/g, '-')}`;

/** The ratios a lender reads, per year, each year with the verdict in words. */
function Ratios({ ratios }: { ratios: YearRatios[] }) {
  const rows: { label: string; value: (r: YearRatios) => string }[] = [
    { label: 'Gross margin', value: (r) => percentText(r.grossMarginPercent) },
    { label: 'Net margin', value: (r) => percentText(r.netMarginPercent) },
    { label: 'Current ratio', value: (r) => ratioText(r.currentRatio) },
    { label: 'Debt service cover', value: (r) => ratioText(r.debtServiceCover) },
  ];
  return (
    <section aria-labelledby="statement-ratios" className="grid gap-2">
      <h3 id="statement-ratios" className="font-semibold text-ink">
        Key ratios
      </h3>
      <Figures
        caption="Key ratios by year"
        columns={ratios.map((r) => `Year ${r.year}`)}
        rows={rows.map((row) => ({ label: row.label, values: ratios.map(row.value) }))}
      />
      <ul className="grid gap-1 text-sm text-ink">
        {ratios.map((r) => (
          <li key={r.year}>
            <strong>Year {r.year}:</strong> {lenderVerdict(r)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the assumptions work out to: key figures, years, chart and (on request) every month. */
export function ProjectionView({
  projection,
  assumptions,
}: {
  projection: Projection;
  assumptions: PlanAssumptions;
}) {
  const vatWarning = vatThresholdWarning(projection, assumptions.vatRegistered, saToday());
  const schedule = repaymentSchedule(assumptions, projection);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl bg-surface p-4">
          <dt className="text-sm text-muted">Break-even</dt>
          <dd className="text-lg font-bold text-ink">{breakEvenText(projection)}</dd>
        </div>
        <div className="rounded-2xl bg-surface p-4">
          <dt className="text-sm text-muted">Funding the business needs</dt>
          <dd className="text-lg font-bold text-ink">{formatZAR(projection.fundingNeed)}</dd>
        </div>
        <div className="rounded-2xl bg-surface p-4">
          <dt className="text-sm text-muted">Lowest cash with your funding</dt>
          <dd
            className={
              projection.lowestCash < 0
                ? 'text-lg font-bold text-red-700'
                : 'text-lg font-bold text-ink'
            }
          >
            {formatZAR(projection.lowestCash)}
          </dd>
        </div>
      </dl>
      {vatWarning && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {vatWarning.text}
        </p>
      )}
      {projection.lowestCash < 0 && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Your funding falls short: cash goes below zero. Add owner funding or a loan of at least{' '}
          {formatZAR(-projection.lowestCash)}.
        </p>
      )}
      {statements.map((statement) => (
        <section
          key={statement.title}
          aria-labelledby={slug(statement.title)}
          className="grid gap-2"
        >
          <h3 id={slug(statement.title)} className="font-semibold text-ink">
            {statement.title}
          </h3>
          <Figures
            caption={`${statement.title} by year`}
            columns={['Year 1', 'Year 2', 'Year 3']}
            rows={statementRows(statement.lines, projection.years)}
          />
          <p className="text-xs text-muted">{statement.note}</p>
        </section>
      ))}
      <Ratios ratios={planRatios(projection, assumptions)} />
      {schedule && (
        <section aria-labelledby="loan-repayments" className="grid gap-2">
          <h3 id="loan-repayments" className="font-semibold text-ink">
            Loan repayment schedule
          </h3>
          <Figures
            caption="Loan repayments by year"
            columns={schedule.years.map((y) => `Year ${y.year}`)}
            rows={repaymentRows(schedule, formatZAR)}
          />
        </section>
      )}
      <CashChart projection={projection} />
      <details className="rounded-2xl border border-line p-4">
        <summary className="cursor-pointer font-semibold text-brand-700">Every month (36)</summary>
        <div className="mt-3 grid gap-4">
          {statements.map((statement) => (
            <Figures
              key={statement.title}
              caption={`${statement.title} by month`}
              columns={projection.months.map((m) => `Month ${m.month}`)}
              rows={statementRows(statement.lines, projection.months)}
            />
          ))}
        </div>
      </details>
      <p className="text-xs text-muted">
        Profit lines exclude VAT; cash includes it when you are registered. Funding arrives in month
        1 and loan instalments start in month 2; costs rise once a year; income tax is worked out
        per year and shown in its last month.
      </p>
    </div>
  );
}
