import { formatZAR, randToCents } from '#shared/money.ts';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { vat } from '../../../lib/site.ts';
import { useDomainMargins } from '../api/get-domain-margins.ts';

const rand = (amount: number) => formatZAR(randToCents(amount));

/** What domain sales earned per month after the registrar and PayFast (excluding VAT). */
export function DomainMarginTable() {
  const query = useDomainMargins();
  return (
    <section aria-labelledby="domain-margin-heading" className="mb-6">
      <h2 id="domain-margin-heading" className="mb-2 text-lg font-bold text-ink">
        Domain margin
      </h2>
      <QueryState query={query} label="the domain margin">
        {(months) =>
          months.length === 0 ? (
            <EmptyState title="No domain sales yet">
              Paid domains show here with what they earned after the registrar and card fees.
            </EmptyState>
          ) : (
            <DataTable
              label="Domain margin"
              caption={`Domain sales, registrar costs, card fees and margin per month in rand${vat.excl}`}
              columns={[
                { label: 'Month' },
                { label: 'Domains', align: 'right' },
                { label: `Sales${vat.excl}`, align: 'right' },
                { label: 'Registrar', align: 'right' },
                { label: 'Card fees', align: 'right' },
                { label: 'Margin', align: 'right' },
              ]}
            >
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className={rowHeading}>
                    {month.month}
                  </th>
                  <td className={numberCell}>{month.domains}</td>
                  <td className={numberCell}>{rand(month.salesExVat)}</td>
                  <td className={numberCell}>{rand(month.registrarCosts)}</td>
                  <td className={numberCell}>{rand(month.paymentFees)}</td>
                  <td
                    className={cn(numberCell, 'font-semibold', month.margin < 0 && 'text-red-700')}
                  >
                    {rand(month.margin)}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
