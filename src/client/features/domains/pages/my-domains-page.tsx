import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import type { DomainOrder } from '#shared/domain-orders.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { DnsPanel } from '../components/dns-panel.tsx';
import { useMyDomains } from '../api/get-my-domains.ts';
import { useSetAutoRenew } from '../api/set-auto-renew.ts';

const statusText: Record<DomainOrder['status'], string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid, registering soon',
  registering: 'Being registered',
  active: 'Active',
  failed: 'Registration failed: we will contact you',
  refunded: 'Refunded',
};

function DomainCard({ domain }: { domain: DomainOrder }) {
  const [managing, setManaging] = useState(false);
  const renewal = useSetAutoRenew({
    onSuccess: (_answer, { autoRenew }) =>
      toast({
        title: 'Saved',
        description: autoRenew
          ? `${domain.domain} renews automatically.`
          : `${domain.domain} will not renew by itself.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Not saved', description: error.message, variant: 'destructive' }),
  });
  const active = domain.status === 'active';
  return (
    <Card className="grid gap-1">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold break-all text-ink">{domain.domain}</h2>
          <p className="text-sm text-muted">
            {statusText[domain.status]}
            {domain.expiresAt ? ` · expires ${formatDate(domain.expiresAt)}` : ''}
          </p>
        </div>
        {active && (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={managing}
            onClick={() => setManaging((m) => !m)}
          >
            {managing ? 'Close' : 'Manage DNS'}
          </Button>
        )}
      </div>
      {active && (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={domain.autoRenew}
            onChange={(event) =>
              renewal.mutate({ domain: domain.domain, autoRenew: event.target.checked })
            }
          />
          Renew automatically
        </label>
      )}
      {managing && <DnsPanel domain={domain.domain} />}
    </Card>
  );
}

/** /user/domains and /domain-management: the customer's domains and where each one stands. */
export function MyDomainsPage() {
  const domains = useMyDomains();
  return (
    <>
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
                <DomainCard domain={domain} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
