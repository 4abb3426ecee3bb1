import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paymentStatusLabels } from '#shared/payment-ledger.schemas.ts';
import { invoicePdfPath } from '#shared/routes.ts';
import type { Subscription, SubscriptionStatus } from '#shared/subscriptions.schemas.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useMySubscriptions } from '../api/get-my-subscriptions.ts';
import { useReplaceSubscriptionCard } from '../api/replace-subscription-card.ts';
import {
  NextCharges,
  SubscriptionControls,
  SubscriptionHistory,
} from './subscription-controls.tsx';

const statusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
};
const rand = (amount: number) => formatZAR(randToCents(amount));

/** The customer's monthly services (PayFast subscriptions): next charge, history, cancel. */
export function SubscriptionsSection() {
  const subscriptions = useMySubscriptions();
  if (!subscriptions.isSuccess || subscriptions.data.length === 0) return null;
  return (
    <section aria-labelledby="subscriptions-heading" className="mb-8">
      <h2 id="subscriptions-heading" className="text-xl font-bold text-ink">
        Monthly subscriptions
      </h2>
      <p className="mt-1 text-sm text-muted">
        PayFast charges your card every month; each payment has its own invoice.
      </p>
      <div className="mt-4 grid gap-4">
        {subscriptions.data.map((subscription) => (
          <SubscriptionCard key={subscription.reference} subscription={subscription} />
        ))}
      </div>
    </section>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription({
    onSuccess: () =>
      toast({
        title: 'Cancellation requested',
        description: 'PayFast will not charge your card for this subscription again.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Could not cancel', description: error.message, variant: 'destructive' }),
  });
  // PayFast's own page takes the new card, then comes back to /user/payments.
  const replaceCard = useReplaceSubscriptionCard({
    onSuccess: ({ url }) => location.assign(url),
    onError: (error) =>
      toast({
        title: 'Could not open the card page',
        description: error.message,
        variant: 'destructive',
      }),
  });
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-bold text-ink">{subscription.title}</h3>
          <p className="text-sm text-muted">
            <span className="font-mono">{subscription.reference}</span> · since{' '}
            {formatDate(subscription.startedAt)}
          </p>
        </div>
        <StatusBadge status={subscription.status}>{statusLabels[subscription.status]}</StatusBadge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Each month</dt>
          <dd className="font-semibold tabular-nums">{rand(subscription.amount)}</dd>
        </div>
        <div>
          <dt className="text-muted">
            {subscription.status === 'cancelled' ? 'Cancelled on' : 'Next payment'}
          </dt>
          <dd className="font-semibold">
            {subscription.status === 'cancelled'
              ? formatDate(subscription.cancelledAt ?? subscription.startedAt)
              : formatDate(subscription.nextBillingDate ?? subscription.startedAt)}
          </dd>
        </div>
      </dl>
      {subscription.suspendedAt && subscription.status !== 'cancelled' ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <strong>Suspended since {formatDate(subscription.suspendedAt)}:</strong> our team has
          paused this service because the monthly payment did not go through. Make sure your card is
          valid and has funds, or replace it below: PayFast charges it again, and the service is
          restored as soon as a payment goes through.
        </p>
      ) : (
        subscription.failedCharges > 0 &&
        subscription.status !== 'cancelled' && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            The last {subscription.failedCharges === 1 ? 'payment' : 'payments'} did not go through.
            Please replace your card below; your service carries on meanwhile.
          </p>
        )
      )}
      <NextCharges subscription={subscription} />
      <SubscriptionControls subscription={subscription} />
      <h4 className="mt-5 text-sm font-semibold text-ink">Payments</h4>
      <ul className="mt-2 divide-y divide-line text-sm">
        {subscription.charges.map((charge) => (
          <li
            key={charge.paymentReference}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            <span>{formatDate(charge.date)}</span>
            <span className="flex flex-wrap items-center gap-3">
              {charge.invoice && charge.orderReference && (
                <PdfLink
                  href={invoicePdfPath(charge.orderReference)}
                  label={`${charge.invoice} (PDF)`}
                />
              )}
              <StatusBadge status={charge.status}>{paymentStatusLabels[charge.status]}</StatusBadge>
              <span className="font-semibold tabular-nums">{rand(charge.amount)}</span>
            </span>
          </li>
        ))}
      </ul>
      {subscription.status === 'active' && (
        <Button
          variant="outline"
          className="mt-4 mr-3"
          disabled={replaceCard.isPending}
          onClick={() => replaceCard.mutate(subscription.reference)}
        >
          Replace card
        </Button>
      )}
      {subscription.status === 'active' && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="mt-4">
              Cancel subscription
            </Button>
          }
          title={`Cancel ${subscription.title}?`}
          confirmLabel="Cancel subscription"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(subscription.reference)}
        >
          PayFast stops charging {rand(subscription.amount)} a month. The months you have paid for
          stay paid, and their invoices stay here.
        </ConfirmDialog>
      )}
      <SubscriptionHistory subscription={subscription} />
    </Card>
  );
}
