import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import type { DomainOrder } from '#shared/domain-orders.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { AccountShell } from '../components/account-shell.tsx';

const myDomainsQueryOptions = queryOptions({
  queryKey: ['/api/user/domains'],
  queryFn: () => apiRequest<DomainOrder[]>('GET', '/api/user/domains'),
});

const statusText: Record<DomainOrder['status'], string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid, registering soon',
  registering: 'Being registered',
  active: 'Active',
  failed: 'Registration failed: we will contact you',
  refunded: 'Refunded',
};

/** /user/domains and /domain-management: the customer's domains and where each one stands. */
export function DomainsPage() {
  const domains = useQuery(myDomainsQueryOptions);
  return (
    <AccountShell>
      <h1 className="text-3xl font-extrabold text-ink">My domains</h1>
      <div className="mt-6">
        {domains.isPending ? (
          <Spinner label="Loading your domains" />
        ) : domains.isError ? (
          <p role="alert">We could not load your domains: {domains.error.message}</p>
        ) : domains.data.length === 0 ? (
          <Card className="max-w-xl">
            <h2 className="text-lg font-bold text-ink">No domains yet</h2>
            <p className="mt-2 text-muted">Search for the name you want; it takes a minute.</p>
            <Button asChild className="mt-4">
              <Link href={paths.buyDomain}>Find a domain</Link>
            </Button>
          </Card>
        ) : (
          <ul className="grid gap-4">
            {domains.data.map((domain) => (
              <li key={domain.id}>
                <Card className="grid gap-1">
                  <h2 className="text-lg font-bold break-all text-ink">{domain.domain}</h2>
                  <p className="text-sm text-muted">
                    {statusText[domain.status]}
                    {domain.expiresAt ? ` · renews ${formatDate(domain.expiresAt)}` : ''}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccountShell>
  );
}
