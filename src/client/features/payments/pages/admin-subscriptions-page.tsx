import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import type { AdminSubscription } from '#shared/subscriptions.schemas.ts';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions.ts';
import { useCancelSubscriptionForCustomer } from '../api/cancel-subscription-for-customer.ts';

const columns = [
  { label: 'Subscription' },
  { label: 'Customer' },
  { label: 'Service' },
  { label: 'Status' },
  { label: 'Next charge' },
  { label: 'Each month', align: 'right' as const },
  { label: 'Actions' },
];

/** Stops a subscription for the customer (on the phone, a dispute), after a confirmation. */
function CancelForCustomer({ subscription }: { subscription: AdminSubscription }) {
  const cancel = useCancelSubscriptionForCustomer({
    onSuccess: () =>
      toast({
        title: 'Cancellation requested',
        description: `PayFast is asked to stop ${subscription.reference}.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Could not cancel', description: error.message, variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          Cancel
        </Button>
      }
      title={`Cancel ${subscription.reference}?`}
      confirmLabel="Cancel subscription"
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate(subscription.reference)}
    >
      PayFast stops charging {subscription.customer?.name ?? 'the customer'} for{' '}
      {subscription.title}. The customer is e-mailed once PayFast confirms.
    </ConfirmDialog>
  );
}

/** /admin/subscriptions: monthly services billed by PayFast; failed charges flagged on top. */
export function AdminSubscriptionsPage() {
  const subscriptions = useAdminSubscriptions();
  return (
    <>
      <p className="text-muted">
        Monthly services PayFast charges for. Subscriptions whose last charges failed come first;
        the customer has been e-mailed about each failure.
      </p>
      <div className="mt-6">
        <QueryState query={subscriptions} label="subscriptions">
          {(rows) =>
            rows.length === 0 ? (
              <EmptyState title="No subscriptions yet">
                A customer who pays for a monthly service (bookkeeping, mailboxes) starts one.
              </EmptyState>
            ) : (
              <DataTable label="Subscriptions" caption="Subscriptions" columns={columns}>
                {rows.map((s) => (
                  <tr key={s.reference} className="border-t border-line">
                    <th scope="row" className={rowHeading}>
                      <span className="font-mono">{s.reference}</span>
                      <span className="block text-xs font-normal text-muted">
                        Order {s.orderReference}
                      </span>
                    </th>
                    <td className={cell}>
                      {s.customer ? (
                        <>
                          {s.customer.name}
                          <span className="block text-xs text-muted">{s.customer.email}</span>
                        </>
                      ) : (
                        'Deleted account'
                      )}
                    </td>
                    <td className={cell}>{s.title}</td>
                    <td className={cell}>
                      {s.suspendedAt && s.status !== 'cancelled' ? (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900">
                          Suspended · {formatDate(s.suspendedAt)}
                        </span>
                      ) : s.failedCharges > 0 && s.status !== 'cancelled' ? (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900">
                          {s.failedCharges} failed
                          {s.lastFailedAt ? ` · ${formatDate(s.lastFailedAt)}` : ''}
                        </span>
                      ) : (
                        <StatusBadge status={s.status}>
                          {s.status[0]!.toUpperCase() + s.status.slice(1)}
                        </StatusBadge>
                      )}
                    </td>
                    <td className={cell}>
                      {s.nextBillingDate ? formatDate(s.nextBillingDate) : '—'}
                      {s.pausedUntil && <span className="block text-xs text-muted">Paused</span>}
                      {s.pendingChange && (
                        <span className="block text-xs text-muted">
                          {formatZAR(randToCents(s.pendingChange.amount))} from{' '}
                          {formatDate(s.pendingChange.startsOn)}
                        </span>
                      )}
                    </td>
                    <td className={numberCell}>{formatZAR(randToCents(s.amount))}</td>
                    <td className={cell}>
                      {s.status === 'active' ? <CancelForCustomer subscription={s} /> : '—'}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
