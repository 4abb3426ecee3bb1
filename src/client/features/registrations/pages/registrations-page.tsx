import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { paths, registrationPath } from '#shared/routes.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { useMyRegistrations } from '../api/my-registrations.ts';
import { RegistrationBadge } from '../components/registration-stages.tsx';

/** /user/registrations: the customer's company registrations. */
export function RegistrationsPage() {
  const registrations = useMyRegistrations();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">My company registrations</h1>
      <div className="mt-6">
        <QueryState query={registrations} label="your company registrations">
          {(data) =>
            data.length === 0 ? (
              <EmptyState title="No company registrations yet">
                A company registration you buy becomes a case you follow here, stage by stage.{' '}
                <Link
                  href={paths.businessRegistration}
                  className="font-semibold text-brand-700 underline"
                >
                  Register a company
                </Link>
              </EmptyState>
            ) : (
              <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
                {data.map((registration) => (
                  <li key={registration.reference} className="grid gap-1 px-4 py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link
                        href={registrationPath(registration.reference)}
                        className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                      >
                        {registration.companyName}
                      </Link>
                      <RegistrationBadge registration={registration} />
                    </div>
                    <p className="text-sm text-muted">
                      <span className="font-mono">{registration.reference}</span> ·{' '}
                      {registration.title} · started {formatDate(registration.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
