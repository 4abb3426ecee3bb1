import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyDomains } from '../api/get-my-domains.ts';
import { statusText } from '../domain-status-text.ts';

const shown = 5;

/** The dashboard's domains panel: the customer's names and where each stands, from My domains. */
export function DomainsPanel() {
  const domains = useMyDomains();
  return (
    <DashboardPanel title="Domains" query={domains} what="your domains">
      {(data) => {
        // Renewals are steps of a registration, not names of their own.
        const names = data.filter((d) => d.kind !== 'renewal');
        return names.length === 0 ? (
          <>
            <CardDescription className="mt-2">
              You have no domains yet. Search for the name you want.
            </CardDescription>
            <Link
              href={paths.buyDomain}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
            >
              Find a domain
            </Link>
          </>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-line">
              {names.slice(0, shown).map((domain) => (
                <li
                  key={domain.id}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
                >
                  <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-ink">
                    {domain.domain}
                  </span>
                  <span className="text-muted">
                    {statusText[domain.status]}
                    {domain.status === 'active' && domain.expiresAt
                      ? ` · until ${formatDate(domain.expiresAt)}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
            <Link
              href={paths.userDomains}
              className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
            >
              {names.length > shown ? `All ${names.length} domains` : 'Manage your domains'}
            </Link>
          </>
        );
      }}
    </DashboardPanel>
  );
}
