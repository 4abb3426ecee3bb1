import { useMemo, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { formatPrice } from '#shared/money.ts';
import type { SelectedDomain } from '../selected-domain.ts';
import { RegistrantForm } from '../components/registrant-form.tsx';
import { vat } from '../../../lib/site.ts';

const noSubscription = () => () => {};
const readRaw = () => sessionStorage.getItem(storageKeys.selectedDomain);

/** The domain chosen in the search widget; absent while prerendering (no session storage). */
function useSelectedDomain(): SelectedDomain | null {
  const raw = useSyncExternalStore(noSubscription, readRaw, () => null);
  return useMemo(() => {
    try {
      return raw ? (JSON.parse(raw) as SelectedDomain) : null;
    } catch {
      return null;
    }
  }, [raw]);
}

export function DomainRegistrationPage() {
  const selected = useSelectedDomain();
  return (
    <>
      <PageHeader
        static
        eyebrow="Domains"
        title={selected?.transfer ? 'Transfer a domain to us' : 'Register a domain'}
        lead="Check the name and price, then tell us who the domain should be registered to."
      />
      <Section>
        {selected ? (
          <Card className="max-w-3xl">
            <p className="text-sm text-muted">
              {selected.transfer ? 'Domain to transfer to us' : 'Selected domain'}
            </p>
            <p className="text-2xl font-bold break-all text-ink">{selected.domain}</p>
            <p className="mt-1 text-ink">
              {selected.transfer
                ? `${formatPrice(selected.price, selected.currency)}${vat.incl} for the transfer, which adds a year`
                : `${formatPrice(selected.price, selected.currency)} per year${vat.included}`}
            </p>
            <div className="mt-6">
              <RegistrantForm
                domain={selected.domain}
                pricePerYear={selected.price}
                transfer={selected.transfer}
              />
            </div>
          </Card>
        ) : (
          <Card className="max-w-xl">
            <h2 className="text-xl font-bold text-ink">No domain selected yet</h2>
            <p className="mt-2 text-muted">
              Search for a domain first; when it is available, choose Register Domain to continue
              here.
            </p>
            <Button asChild className="mt-4">
              <Link href={paths.buyDomain}>Search for a domain</Link>
            </Button>
          </Card>
        )}
      </Section>
    </>
  );
}
