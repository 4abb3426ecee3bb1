import { Link } from 'wouter';
import { registrationStageLabels } from '#shared/registrations.schemas.ts';
import { paths, registrationPath } from '#shared/routes.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyRegistrations } from '../api/my-registrations.ts';
import { RegistrationBadge } from './registration-stages.tsx';

/** The dashboard's company registrations panel: each case's stage. */
export function RegistrationsPanel() {
  const registrations = useMyRegistrations();
  return (
    <DashboardPanel
      title="Company registrations"
      query={registrations}
      what="your company registrations"
    >
      {(data) =>
        data.length === 0 ? (
          <CardDescription className="mt-2">
            No company registrations yet. A registration you buy is followed here, from the name
            reservation to SARS.{' '}
            <Link
              href={paths.businessRegistration}
              className="font-semibold text-brand-700 hover:underline"
            >
              Register a company
            </Link>
          </CardDescription>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {data.slice(0, 5).map((registration) => (
              <li key={registration.reference} className="grid gap-1 py-2">
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
                  {registration.stage
                    ? `Stage ${registration.stages.indexOf(registration.stage) + 1} of ${registration.stages.length}: ${registrationStageLabels[registration.stage]}`
                    : 'All stages done'}
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </DashboardPanel>
  );
}
