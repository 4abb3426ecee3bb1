import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { ageBucketLabels, ageBuckets, type BucketCents } from '#shared/reports.schemas.ts';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { agedDebtorsCsvUrl, useAgedDebtors } from '../api/get-aged-debtors.ts';
import { CsvDownload } from './csv-download.tsx';

function Amounts({ cents, strong }: { cents: BucketCents; strong?: boolean }) {
  return (
    <>
      {ageBuckets.map((bucket) => (
        <td key={bucket} className={cn(numberCell, strong && 'font-semibold')}>
          {formatZAR(cents[bucket])}
        </td>
      ))}
      <td className={cn(numberCell, 'font-semibold')}>{formatZAR(cents.total)}</td>
    </>
  );
}

/**
 * What customers owe on orders they chose to pay by bank transfer or paid in part, by age since
 * the order, per customer (the most owed first) with the totals.
 */
export function AgedDebtorsSection() {
  const query = useAgedDebtors();
  return (
    <section aria-labelledby="aged-debtors-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="aged-debtors-heading" className="text-xl font-bold text-ink">
          Aged debtors
        </h2>
        <CsvDownload href={agedDebtorsCsvUrl} of="aged debtors" />
      </div>
      <QueryState query={query} label="the aged debtors">
        {(report) =>
          report.customers.length === 0 ? (
            <EmptyState title="Nobody owes money">
              Orders awaiting a bank transfer, or paid in part, show here by age.
            </EmptyState>
          ) : (
            <DataTable
              label="What each customer owes"
              caption={`What each customer owes on ${formatDate(report.asOf)}, by days since the order, with the totals in the last row`}
              columns={[
                { label: 'Customer' },
                ...ageBuckets.map((bucket) => ({
                  label: ageBucketLabels[bucket],
                  align: 'right' as const,
                })),
                { label: 'Total', align: 'right' },
              ]}
            >
              {report.customers.map((customer) => (
                <tr key={customer.email}>
                  <th scope="row" className={rowHeading}>
                    {customer.name}
                    <span className="block text-xs font-normal text-muted">
                      {customer.debts.map((debt) => debt.reference).join(', ')}
                    </span>
                  </th>
                  <Amounts cents={customer.cents} />
                </tr>
              ))}
              <tr className="bg-gray-50">
                <th scope="row" className={rowHeading}>
                  Total
                </th>
                <Amounts cents={report.totals} strong />
              </tr>
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
