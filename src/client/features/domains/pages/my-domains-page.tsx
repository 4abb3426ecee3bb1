import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import type { DomainOrder } from '#shared/domain-orders.schemas.ts';
import { autoRenewInvoiceDays, renewalGraceDays } from '#shared/domain.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { addToCart } from '../../../lib/cart.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { DnsPanel } from '../components/dns-panel.tsx';
import { DomainTransferPanel } from '../components/domain-transfer-panel.tsx';
import { RegistrantContactPanel } from '../components/registrant-contact-form.tsx';
import { useMyDomains } from '../api/get-my-domains.ts';
import { statusText } from '../domain-status-text.ts';
import { useShownChoice } from '../../../lib/use-shown-choice.ts';
import { useSetAutoRenew } from '../api/set-auto-renew.ts';
import { vat } from '../../../lib/site.ts';

/** "Renew": 1 to 10 years (as many as the registry still allows) as a renewal line in the cart. */
function RenewForm({
  domain,
  renewal,
}: {
  domain: string;
  renewal: NonNullable<DomainOrder['renewal']>;
}) {
  const [, navigate] = useLocation();
  const [years, setYears] = useState(1);
  const id = useId();
  const totalCents = randToCents(renewal.pricePerYear) * years;
  const add = () => {
    addToCart({
      id: `domain-renewal:${domain}`,
      type: 'domain-renewal',
      domain,
      years,
      title: `Renewal of ${domain}, ${years} ${years === 1 ? 'year' : 'years'}`,
      price: totalCents / 100,
    });
    toast({
      title: 'Added to cart',
      description: `Renewal of ${domain} for ${formatZAR(totalCents)}${vat.incl}`,
      variant: 'success',
    });
    navigate(paths.checkout);
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3 border-t border-gray-200 pt-3">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Renew for
        </label>
        <Select
          id={id}
          className="w-32"
          value={years}
          onChange={(event) => setYears(Number(event.target.value))}
        >
          {Array.from({ length: renewal.maxYears }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'year' : 'years'}
            </option>
          ))}
        </Select>
      </div>
      <p className="text-sm text-muted">
        {formatZAR(totalCents)}
        {vat.incl} ({formatZAR(randToCents(renewal.pricePerYear))} a year)
      </p>
      <Button size="sm" onClick={add}>
        Add renewal to cart
      </Button>
    </div>
  );
}

function DomainCard({ domain }: { domain: DomainOrder }) {
  const [managing, setManaging] = useState(false);
  const [owning, setOwning] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const autoRenew = useShownChoice(domain.autoRenew);
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
  const expired = domain.renewableUntil !== null;
  return (
    <Card className="grid gap-1">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold break-all text-ink">{domain.domain}</h2>
          <p className="text-sm text-muted">
            {expired ? 'Expired' : statusText[domain.status]}
            {domain.heldUntil ? ` · kept for you until ${formatDateTime(domain.heldUntil)}` : ''}
            {domain.refundDue === null
              ? ''
              : ` · refund due ${formatZAR(randToCents(domain.refundDue))}`}
            {domain.expiresAt ? ` · expires ${formatDate(domain.expiresAt)}` : ''}
          </p>
        </div>
        {active && (
          <div className="flex flex-wrap gap-2">
            {domain.renewal && (
              <Button
                variant="outline"
                size="sm"
                aria-expanded={renewing}
                aria-label={`Renew ${domain.domain}`}
                onClick={() => setRenewing((r) => !r)}
              >
                {renewing ? 'Hide renewal' : 'Renew'}
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              aria-expanded={managing}
              onClick={() => setManaging((m) => !m)}
            >
              {managing ? 'Close' : 'Manage DNS'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={owning}
              onClick={() => setOwning((o) => !o)}
            >
              Lock &amp; owner
            </Button>
          </div>
        )}
      </div>
      {domain.openRenewals > 0 && (
        <p className="text-sm text-muted">
          {domain.openRenewals === 1
            ? 'A renewal is on its way: once it is paid, the registrar renews the domain.'
            : `${domain.openRenewals} renewals are on their way: once paid, the registrar renews the domain.`}{' '}
          <Link href={paths.userDashboard} className="underline">
            Unpaid orders are on your dashboard
          </Link>
          .
        </p>
      )}
      {renewing && domain.renewal && <RenewForm domain={domain.domain} renewal={domain.renewal} />}
      {active && (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={autoRenew.value}
            onChange={(event) => {
              autoRenew.show(event.target.checked);
              renewal.mutate(
                { domain: domain.domain, autoRenew: event.target.checked },
                { onSettled: autoRenew.settle },
              );
            }}
          />
          Renew automatically
        </label>
      )}
      {active && autoRenew.value && (
        <p className="text-sm text-muted">
          We e-mail you a renewal order {autoRenewInvoiceDays} days before it expires.
        </p>
      )}
      {domain.renewableUntil && domain.expiresAt && (
        <p className="mt-2 text-sm text-red-700">
          It expired on {formatDate(domain.expiresAt)} and no longer works. The registrar can
          usually still renew it until {formatDate(domain.renewableUntil)} (a {renewalGraceDays}
          -day grace period it does not guarantee): renew it now with Renew above.
        </p>
      )}
      {managing && <DnsPanel domain={domain.domain} />}
      {owning && (
        <section
          aria-label={`Lock and owner of ${domain.domain}`}
          className="mt-4 grid gap-6 border-t border-line pt-4"
        >
          <DomainTransferPanel domain={domain.domain} />
          <RegistrantContactPanel domain={domain.domain} />
        </section>
      )}
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
