import { useId, useState } from 'react';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import type { Subscription } from '#shared/subscriptions.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useChangeSubscription } from '../api/change-subscription.ts';

const rand = (amount: number) => formatZAR(randToCents(amount));

/** The next charges of a running subscription, with a pause or a pending change in them. */
export function NextCharges({ subscription }: { subscription: Subscription }) {
  if (subscription.nextCharges.length === 0) return null;
  const { pendingChange, pausedUntil } = subscription;
  return (
    <>
      {pausedUntil && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Paused:</strong> no charges until {formatDate(pausedUntil)}. Our team stops the
          work meanwhile.
        </p>
      )}
      {pendingChange && (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-ink">
          <strong>
            {pendingChange.kind === 'package' ? 'Package change' : 'New price'} from{' '}
            {formatDate(pendingChange.startsOn)}:
          </strong>{' '}
          {pendingChange.kind === 'package' ? `${pendingChange.title}, ` : ''}
          {rand(pendingChange.amount)} a month.
        </p>
      )}
      <h4 className="mt-5 text-sm font-semibold text-ink">Next charges</h4>
      <ul className="mt-2 divide-y divide-line text-sm">
        {subscription.nextCharges.map((charge) => (
          <li key={charge.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {formatDate(charge.date)}
              {charge.note && <span className="ml-2 text-muted">· {charge.note}</span>}
            </span>
            <span className="font-semibold tabular-nums">{rand(charge.amount)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Pause, resume and change of package of a running subscription; PayFast's answer or the shop's
 * refusal is shown under the controls (and as a toast).
 */
export function SubscriptionControls({ subscription }: { subscription: Subscription }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [months, setMonths] = useState('1');
  const others = subscription.packageOptions.filter((option) => !option.current);
  const [packageId, setPackageId] = useState(others[0]?.id ?? '');
  const change = useChangeSubscription({
    onMutate: () => setError(null),
    onSuccess: (_data, variables) =>
      toast({
        title: {
          pause: 'Subscription paused',
          resume: 'Subscription resumed',
          package: 'Package change saved',
        }[variables.action],
        variant: 'success',
      }),
    onError: (failure) => {
      setError(failure.message);
      toast({ title: 'Nothing was changed', description: failure.message, variant: 'destructive' });
    },
  });
  if (subscription.status !== 'active') return null;
  const { reference, pausedUntil, pendingChange, nextBillingDate } = subscription;
  const pending = change.isPending;
  const canPause = subscription.pausable && !pausedUntil && !pendingChange;
  const chosen = others.find((option) => option.id === packageId) ?? others[0];
  // The service's name only when the subscription has packages of more than one.
  const oneService = others.every((option) => option.service === others[0]?.service);
  return (
    <div className="mt-5 flex flex-wrap gap-x-8 gap-y-4">
      {pausedUntil ? (
        <div>
          <p className="text-sm text-muted">Need the service again sooner?</p>
          <Button
            variant="outline"
            className="mt-2"
            disabled={pending}
            onClick={() => change.mutate({ reference, action: 'resume' })}
          >
            Resume now
          </Button>
        </div>
      ) : (
        canPause && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate({ reference, action: 'pause', body: { months } });
            }}
          >
            <div className="min-w-32 flex-1">
              <Label htmlFor={`${id}-months`}>Pause for</Label>
              <Select
                id={`${id}-months`}
                value={months}
                onChange={(event) => setMonths(event.target.value)}
              >
                <option value="1">1 month</option>
                <option value="2">2 months</option>
                <option value="3">3 months</option>
              </Select>
            </div>
            <Button type="submit" variant="outline" disabled={pending}>
              Pause
            </Button>
          </form>
        )
      )}
      {/* A new price waiting is the owner's: a package change follows it (decision 029). */}
      {!pausedUntil && pendingChange?.kind !== 'price' && chosen && (
        <form
          className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate({ reference, action: 'package', body: { packageId: chosen.id } });
          }}
        >
          <div className="min-w-56 flex-1">
            <Label htmlFor={`${id}-package`}>
              Change package from {formatDate(nextBillingDate ?? '')}
            </Label>
            <Select
              id={`${id}-package`}
              value={chosen.id}
              onChange={(event) => setPackageId(event.target.value)}
            >
              {others.map((option) => (
                <option key={option.id} value={option.id}>
                  {oneService ? option.name : `${option.service}: ${option.name}`} —{' '}
                  {rand(option.amount)} a month
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline" disabled={pending}>
            Change package
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="w-full rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
    </div>
  );
}

/** Pauses, resumes and changes of a subscription, newest first, folded away. */
export function SubscriptionHistory({ subscription }: { subscription: Subscription }) {
  if (subscription.history.length === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-semibold text-ink">Changes</summary>
      <ul className="mt-2 divide-y divide-line">
        {subscription.history.map((event) => (
          <li key={`${event.at}-${event.note}`} className="py-2">
            <span className="text-muted">{formatDateTime(event.at)}</span> · {event.note}
          </li>
        ))}
      </ul>
    </details>
  );
}
