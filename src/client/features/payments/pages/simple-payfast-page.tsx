import { useState } from 'react';
import { Link } from 'wouter';
import { CreditCard } from 'lucide-react';
import type { Service } from '#shared/catalogue.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { AcceptTerms } from '../../../components/accept-terms.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { createOrder } from '../../../lib/api/create-order.ts';
import { payOrder, usePayfastStart } from '../../../lib/payfast.ts';
import { useServices } from '../api/get-services.ts';
import { vat } from '../../../lib/site.ts';

/** Fixed-price packages that need nothing but a click (registration needs its own form). */
const payable = (services: Service[]) =>
  services
    .filter((service) => service.slug !== 'business-registration')
    .map((service) => ({
      service,
      packages: service.packages.filter((pkg) => pkg.pricing === 'fixed'),
    }))
    .filter((group) => group.packages.length > 0);

/** /SimplePayFast: one package, one order, straight to PayFast — no cart. */
export function SimplePayfastPage() {
  const services = useServices();
  const [packageId, setPackageId] = useState('');
  const [accepted, setAccepted] = useState(false);
  const { busy, start } = usePayfastStart();
  const groups = services.data ? payable(services.data) : [];
  const chosen = groups
    .flatMap((group) => group.packages.map((pkg) => ({ pkg, service: group.service })))
    .find((entry) => entry.pkg.id === packageId);

  const pay = () =>
    start(async () => {
      const order = await createOrder({ items: [{ type: 'package', packageId, quantity: 1 }] });
      await payOrder(order.reference);
    });

  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Quick payment</h1>
      <p className="mt-1 text-muted">
        Pay for one service package in one step, without the cart. For several items, use the{' '}
        <Link href={paths.checkout} className="font-semibold text-brand-700 underline">
          checkout
        </Link>
        .
      </p>
      <Card className="mt-6 max-w-xl">
        {services.isPending ? (
          <Spinner label="Loading the packages" />
        ) : services.isError ? (
          <p role="alert">We could not load the packages: {services.error.message}</p>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              pay();
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="simple-package">Package</Label>
              <Select
                id="simple-package"
                value={packageId}
                onChange={(event) => setPackageId(event.target.value)}
              >
                <option value="">Choose a package</option>
                {groups.map((group) => (
                  <optgroup key={group.service.slug} label={group.service.name}>
                    {group.packages.map((pkg) => (
                      <option key={pkg.id} value={pkg.id}>
                        {pkg.name}: {formatZAR(randToCents(pkg.price))}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </div>
            {chosen && (
              <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm" aria-live="polite">
                <dt className="text-muted">Item</dt>
                <dd>
                  {chosen.service.name}: {chosen.pkg.name}
                </dd>
                <dt className="text-muted">Delivery</dt>
                <dd>{chosen.pkg.delivery}</dd>
                <dt className="text-muted">Amount</dt>
                <dd className="font-bold">
                  {formatZAR(randToCents(chosen.pkg.price))}
                  {vat.included}
                </dd>
              </dl>
            )}
            <AcceptTerms accepted={accepted} onChange={setAccepted} />
            <div>
              <Button type="submit" disabled={!chosen || !accepted || busy}>
                <CreditCard aria-hidden="true" />
                {busy ? 'Sending you to PayFast…' : 'Pay with PayFast'}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </>
  );
}
