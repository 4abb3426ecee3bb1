import { formatNumber } from '#shared/numbers.ts';
import type { SupportRatings } from '#shared/ticket-desk.schemas.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { useSupportRatings } from '../api/get-support-ratings.ts';

const ratingDays = 90;

type DepartmentRatings = SupportRatings['departments'][number];

/** "80% good of 10 rated": the share among the customers who answered, not among all closed. */
function goodShare({ good, bad }: DepartmentRatings): string {
  const rated = good + bad;
  if (rated === 0) return 'No ratings yet';
  return `${formatNumber((good / rated) * 100)}% good of ${formatNumber(rated)} rated`;
}

/**
 * The customers' one-click ratings of closed tickets, per department: good, bad, closed without a
 * rating, and the share of good among those rated.
 */
export function RatingsPanel() {
  const query = useSupportRatings(ratingDays);
  return (
    <DashboardPanel
      title={`Satisfaction (last ${ratingDays} days)`}
      query={query}
      what="the ratings"
    >
      {(report) =>
        report.departments.every((department) => department.good + department.bad === 0) ? (
          <p className="mt-2 text-sm text-muted">
            No customer has rated a closed ticket in the last {report.days} days
            {report.departments.some((department) => department.unrated > 0)
              ? ` (${formatNumber(
                  report.departments.reduce((sum, department) => sum + department.unrated, 0),
                )} closed without a rating)`
              : ''}
            . The mail that closes a ticket asks the customer whether it went well.
          </p>
        ) : (
          <div className="mt-3 grid gap-2">
            <p className="text-sm text-muted">
              Customers rate a ticket with one click in the mail that closes it.
            </p>
            <ul aria-label="Ratings per department" className="grid gap-3 sm:grid-cols-3">
              {report.departments.map((department) => (
                <li key={department.id} className="rounded-xl border border-line p-3 text-sm">
                  <p className="font-semibold text-ink">{department.name}</p>
                  <p className="text-ink">{goodShare(department)}</p>
                  <p className="text-muted">
                    {formatNumber(department.good)} good · {formatNumber(department.bad)} bad ·{' '}
                    {formatNumber(department.unrated)} unrated
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </DashboardPanel>
  );
}
