import { Link } from 'wouter';
import { formatZAR } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { usePastDue } from '../api/get-past-due.ts';

/**
 * The owners' dashboard line on recurring revenue at risk (issue 30 §6): what the past-due monthly
 * subscriptions bring in each month, with the way to the list. Staff do not see it.
 */
export function MrrAtRisk() {
  const owner = useAdminStatus().admin?.role === 'owner';
  if (!owner) return null;
  return <AtRisk />;
}

function AtRisk() {
  const { data } = usePastDue();
  if (!data) return null;
  const monthly = data.items.filter((item) => item.kind === 'monthly').length;
  return (
    <section
      aria-labelledby="mrr-at-risk"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <div>
        <h2 id="mrr-at-risk" className="text-sm text-muted">
          Monthly recurring revenue at risk
        </h2>
        <p className="text-2xl font-extrabold text-ink">{formatZAR(data.mrrAtRiskCents)}</p>
        <p className="text-sm text-muted">
          {monthly === 0
            ? 'No subscription is past due.'
            : `${monthly} past-due ${monthly === 1 ? 'subscription' : 'subscriptions'}; ${data.items.length} past due in all.`}
        </p>
      </div>
      <Link
        href={paths.adminPastDue}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        Open past due
      </Link>
    </section>
  );
}
