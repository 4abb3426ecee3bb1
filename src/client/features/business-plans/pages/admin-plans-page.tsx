import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { adminBusinessPlanPath } from '#shared/routes.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { usePaidPlans } from '../api/get-paid-plans.ts';
import { PlanStatusBadge } from '../components/plan-status-badge.tsx';

/** /admin/business-plans: paid professional plans, those still with our writers first. */
export function AdminPlansPage() {
  const plans = usePaidPlans();
  return (
    <QueryState query={plans} label="the business plans">
      {(data) =>
        data.length === 0 ? (
          <EmptyState title="No paid business plans yet">
            A paid Essential, Bank-ready or Investor plan appears here for our writers.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
            {data.map((plan) => (
              <li key={plan.id} className="grid gap-1 px-4 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    href={adminBusinessPlanPath(plan.id)}
                    className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                  >
                    {plan.name}
                  </Link>
                  <PlanStatusBadge status={plan.status} />
                </div>
                <p className="text-sm [overflow-wrap:anywhere] text-muted">
                  {plan.customerName} ({plan.customerEmail}) · {plan.packageName}
                  {plan.orderReference ? ` · order ${plan.orderReference}` : ''} ·{' '}
                  {plan.completedSteps} of {plan.totalSteps} steps · changed{' '}
                  {formatDate(plan.updatedAt)}
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
