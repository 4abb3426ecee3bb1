import { Link } from 'wouter';
import { formatDate, saToday } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useCompliance } from '../api/get-compliance.ts';

/** The dashboard's compliance panel: the next CIPC and SARS dates of the customer's companies. */
export function CompliancePanel() {
  const calendar = useCompliance();
  return (
    <DashboardPanel title="Compliance calendar" query={calendar} what="your compliance calendar">
      {(data) =>
        data.companies.length === 0 ? (
          <CardDescription className="mt-2">
            Add your company by its registration number and we remind you of its CIPC annual return,
            beneficial-ownership updates, provisional tax and VAT201 dates.{' '}
            <Link
              href={paths.userCompliance}
              className="font-semibold text-brand-700 hover:underline"
            >
              Add a company
            </Link>
          </CardDescription>
        ) : (
          <>
            {data.next.length === 0 ? (
              <CardDescription className="mt-2">Nothing is due in the next year.</CardDescription>
            ) : (
              <ul className="mt-3 divide-y divide-line">
                {data.next.map((item) => (
                  <li key={`${item.companyId}:${item.key}`} className="grid gap-0.5 py-2">
                    <span className="font-semibold text-ink">{item.title}</span>
                    <span className="text-sm text-muted">
                      {item.companyName} · {item.dueOn < saToday() ? 'overdue since' : 'due'}{' '}
                      {formatDate(item.dueOn)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Link
              href={paths.userCompliance}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
            >
              Whole calendar
            </Link>
          </>
        )
      }
    </DashboardPanel>
  );
}
