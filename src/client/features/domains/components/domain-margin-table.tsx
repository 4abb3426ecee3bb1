import { formatZAR, randToCents } from '#shared/money.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
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
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Domains</th>
                  <th scope="col">Sales excl. VAT</th>
                  <th scope="col">Registrar</th>
                  <th scope="col">Card fees</th>
                  <th scope="col">Margin</th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row" className="font-normal">
                      {month.month}
                    </th>
                    <td>{month.domains}</td>
                    <td>{rand(month.salesExVat)}</td>
                    <td>{rand(month.registrarCosts)}</td>
                    <td>{rand(month.paymentFees)}</td>
                    <td
                      className={month.margin < 0 ? 'font-semibold text-red-700' : 'font-semibold'}
                    >
                      {rand(month.margin)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
    </section>
  );
}
