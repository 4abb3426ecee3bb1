import { useId, useState } from 'react';
import type { AdminCataloguePackage } from '#shared/catalogue-admin.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useMovePrice, usePriceMoveOffer } from '../api/price-move.ts';

/**
 * After a monthly package's price changed: the running subscriptions still billed at another
 * price, moved to the package's price from a day the owner picks (the notice the customers are
 * promised at the earliest). Each customer is mailed now; PayFast follows after their last charge
 * at the old price.
 */
export function PriceMovePanel({ pkg, open }: { pkg: AdminCataloguePackage; open: boolean }) {
  const id = useId();
  const offer = usePriceMoveOffer(pkg.id, open);
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMovePrice({
    onMutate: () => setError(null),
    onSuccess: (result) =>
      toast({
        title: `${result.moved} subscription${result.moved === 1 ? '' : 's'} move to the new price`,
        description: `From their first charge on or after ${formatDate(result.from)}; each customer has been mailed.${result.skipped.length ? ` Left out (another change is waiting): ${result.skipped.join(', ')}.` : ''}`,
        variant: 'success',
      }),
    onError: (failure) => setError(failure.message),
  });
  if (!offer.isSuccess || offer.data.subscriptions === 0) return null;
  const { subscriptions, earliest, noticeDays, price } = offer.data;
  const day = from || earliest;
  return (
    <form
      aria-label={`${pkg.name}: move running subscriptions to the new price`}
      className="mt-4 grid gap-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-950"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate({ id: pkg.id, move: { from: day } });
      }}
    >
      <p>
        <strong>
          {subscriptions} running subscription{subscriptions === 1 ? ' pays' : 's pay'} another
          price than {formatZAR(randToCents(price))}.
        </strong>{' '}
        Move them to it from a date at least {noticeDays} days ahead: each customer is mailed the
        new amount and date now, and PayFast is told after their last charge at the old price.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={`${id}-from`}>New price from</Label>
          <Input
            id={`${id}-from`}
            type="date"
            min={earliest}
            value={day}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={move.isPending}>
          Move subscriptions
        </Button>
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {error}
        </p>
      )}
    </form>
  );
}
