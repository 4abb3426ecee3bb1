import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  registrationStageLabels,
  registrationStages,
  type AdminRegistrationSummary,
} from '#shared/registrations.schemas.ts';
import { adminRegistrationPath } from '#shared/routes.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { useAdminRegistrations } from '../api/admin-registrations.ts';

function CaseCard({ registration }: { registration: AdminRegistrationSummary }) {
  return (
    <li className="rounded-xl border border-line bg-white p-3 text-sm shadow-sm">
      <Link
        href={adminRegistrationPath(registration.reference)}
        className="font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
      >
        {registration.companyName}
      </Link>
      <p className="mt-1 [overflow-wrap:anywhere] text-muted">
        <span className="font-mono">{registration.reference}</span> · {registration.name}
      </p>
      <p className="mt-1 text-muted">
        {registration.completedAt
          ? `Completed ${formatDate(registration.completedAt)}`
          : `Since ${formatDate(registration.updatedAt)}`}
      </p>
    </li>
  );
}

const columns = [...registrationStages, 'complete'] as const;

/** /admin/registrations: every company registration on a board, one column per stage. */
export function AdminRegistrationsBoardPage() {
  const query = useAdminRegistrations();
  return (
    <QueryState query={query} label="the company registrations">
      {(cases) =>
        cases.length === 0 ? (
          <EmptyState title="No company registrations yet">
            A paid company registration opens a case here.
          </EmptyState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {columns.map((column) => {
              const inColumn = cases.filter(
                (registration) => (registration.stage ?? 'complete') === column,
              );
              return (
                <section
                  key={column}
                  aria-labelledby={`stage-${column}`}
                  className="rounded-2xl bg-slate-100 p-3"
                >
                  <h2 id={`stage-${column}`} className="flex justify-between font-bold text-ink">
                    {column === 'complete' ? 'Complete' : registrationStageLabels[column]}
                    <span className="text-muted">{inColumn.length}</span>
                  </h2>
                  {inColumn.length === 0 ? (
                    <p className="mt-2 text-sm text-muted">None</p>
                  ) : (
                    <ul className="mt-2 grid gap-2">
                      {inColumn.map((registration) => (
                        <CaseCard key={registration.reference} registration={registration} />
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        )
      }
    </QueryState>
  );
}
