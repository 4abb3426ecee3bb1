import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { businessPlanPath, paths } from '#shared/routes.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyPlans } from '../api/get-my-plans.ts';
import { PlanStatusBadge } from './plan-status-badge.tsx';

/** The dashboard's business plans panel: each plan's state and progress. */
export function BusinessPlansPanel() {
  const plans = useMyPlans();
  return (
    <DashboardPanel title="Business plans" query={plans} what="your business plans">
      {(data) =>
        data.length === 0 ? (
          <CardDescription className="mt-2">
            No business plans yet. Build one yourself with our guided builder and rand projections,
            or have our writers prepare it.{' '}
            <Link
              href={paths.userBusinessPlans}
              className="font-semibold text-brand-700 hover:underline"
            >
              Start a plan
            </Link>
          </CardDescription>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-line">
              {data.slice(0, 5).map((plan) => (
                <li key={plan.id} className="grid gap-1 py-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link
                      href={businessPlanPath(plan.id)}
                      className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                    >
                      {plan.name}
                    </Link>
                    <PlanStatusBadge status={plan.status} />
                  </div>
                  <p className="text-sm text-muted">
                    {plan.completedSteps} of {plan.totalSteps} steps · changed{' '}
                    {formatDate(plan.updatedAt)}
                  </p>
                </li>
              ))}
            </ul>
            <Link
              href={paths.userBusinessPlans}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
            >
              All business plans
            </Link>
          </>
        )
      }
    </DashboardPanel>
  );
}
