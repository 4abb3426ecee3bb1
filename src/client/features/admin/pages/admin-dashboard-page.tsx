import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { projectStageLabels, projectStages } from '#shared/projects.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Link } from 'wouter';
import { Card } from '../../../components/ui/card.tsx';
import { monthTrend } from '../../../lib/month-trend.ts';
import { dashboardQueryOptions, useDashboard } from '../api/get-dashboard.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { vat } from '../../../lib/site.ts';

function Figure({
  label,
  value,
  empty,
  trend,
}: {
  label: string;
  value: string | null;
  empty: string;
  trend?: string;
}) {
  return (
    <Card padding="snug">
      <p className="text-sm font-medium text-muted">{label}</p>
      {value === null ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <p className="mt-1 text-3xl font-extrabold text-ink">{value}</p>
      )}
      {trend && <p className="mt-1 text-sm text-muted">{trend}</p>}
    </Card>
  );
}

/**
 * The back office's figures and newest sign-ups over the order book, which the orders feature
 * supplies: `orderBook` gets the callback that reads the figures again when an order moves on.
 * `atRisk` is the owners' monthly revenue at risk, from the dunning feature.
 */
export function AdminDashboardPage({
  orderBook,
  atRisk,
}: {
  orderBook: (onOrderChanged: () => void) => ReactNode;
  atRisk: ReactNode;
}) {
  const query = useDashboard();
  const queryClient = useQueryClient();
  const refreshFigures = () => void queryClient.invalidateQueries(dashboardQueryOptions);
  return (
    <>
      <QueryState query={query} label="the dashboard">
        {(data) => (
          <div className="grid gap-8">
            {data.overpaymentsToRefund > 0 && (
              <p
                role="status"
                className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
              >
                <strong>
                  {data.overpaymentsToRefund}{' '}
                  {data.overpaymentsToRefund === 1 ? 'overpayment' : 'overpayments'} kept as credit.
                </strong>{' '}
                A customer paid an order that was already paid: the money is their account credit
                and pays their next order. If they would rather have it back, open the order marked
                Overpayment below and refund it.
              </p>
            )}
            {atRisk}
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Figure
                label="Orders today"
                value={data.ordersToday?.toString() ?? null}
                empty="No orders recorded yet."
              />
              <Figure
                label={`Revenue this month${vat.excl}`}
                value={
                  data.revenueThisMonthExVatCents === null
                    ? null
                    : formatZAR(data.revenueThisMonthExVatCents)
                }
                trend={monthTrend(
                  data.revenueThisMonthExVatCents ?? 0,
                  data.revenueLastMonthExVatCents,
                )}
                empty="No payments recorded yet."
              />
              <Figure
                label="Open tickets"
                value={data.openTickets?.toString() ?? null}
                empty="No support tickets yet."
              />
              <Figure
                label="Domains awaiting registration"
                value={data.domainsAwaitingRegistration?.toString() ?? null}
                empty="No domain orders yet."
              />
            </div>
            <section aria-labelledby="projects-heading">
              <h2 id="projects-heading" className="text-lg font-bold text-ink">
                Website projects by stage{' '}
                <Link
                  href={paths.adminWebsiteProjects}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  Open the board
                </Link>
              </h2>
              {projectStages.every((stage) => data.projectsByStage[stage] === 0) ? (
                <p className="mt-2 text-sm text-muted">
                  No website projects yet: a paid website package or a won website request starts
                  one.
                </p>
              ) : (
                <dl className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6">
                  {projectStages.map((stage) => (
                    <div key={stage} className="rounded-xl border border-line bg-white p-3">
                      <dt className="text-sm text-muted">{projectStageLabels[stage]}</dt>
                      <dd className="text-2xl font-extrabold text-ink">
                        {data.projectsByStage[stage]}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
            <section aria-labelledby="signups-heading">
              <h2 id="signups-heading" className="text-lg font-bold text-ink">
                Newest sign-ups{' '}
                <span className="text-sm font-normal text-muted">
                  ({data.customers} {data.customers === 1 ? 'customer' : 'customers'})
                </span>
              </h2>
              <div className="mt-3">
                {data.newestSignups.length === 0 ? (
                  <EmptyState title="No customers yet">
                    New accounts appear here as people sign up.
                  </EmptyState>
                ) : (
                  <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
                    {data.newestSignups.map((user) => (
                      <li
                        key={user.id}
                        className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3"
                      >
                        <span>
                          <span className="font-semibold text-ink">{user.fullName}</span>{' '}
                          <span className="text-sm [overflow-wrap:anywhere] text-muted">
                            {user.email}
                          </span>
                        </span>
                        <span className="text-sm text-muted">{formatDate(user.createdAt)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </section>
          </div>
        )}
      </QueryState>
      <div className="mt-8">{orderBook(refreshFigures)}</div>
    </>
  );
}
