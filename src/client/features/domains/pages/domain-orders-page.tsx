import { useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import {
  domainOrderStatuses,
  type DomainOrder,
  type DomainOrderStatus,
} from '#shared/domain-orders.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useDomainOrder } from '../api/get-domain-order.ts';
import { useDomainOrders } from '../api/get-domain-orders.ts';
import { useRefundDomainOrder } from '../api/refund-domain-order.ts';
import { useRetryDomainOrder } from '../api/retry-domain-order.ts';
import { ListWithDetail } from '../../../components/list-with-detail.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { DomainMarginTable } from '../components/domain-margin-table.tsx';

const label = (status: string) => status.replace('_', ' ');

function OrderDetail({ id }: { id: string }) {
  const query = useDomainOrder(id);
  const toasts = {
    onSuccess: (order: DomainOrder) =>
      toast({
        title: 'Order updated',
        description: `${order.domain} is now ${label(order.status)}.`,
        variant: 'success',
      }),
    onError: (error: Error) =>
      toast({ title: 'Order not updated', description: error.message, variant: 'destructive' }),
  };
  const retry = useRetryDomainOrder(toasts);
  const refund = useRefundDomainOrder(toasts);
  const busy = retry.isPending || refund.isPending;
  // Refunds (and closing an unpaid order) are an owner's; the server refuses staff the same way.
  const { admin } = useAdminStatus();
  const mayRefund = admin?.role === 'owner';
  return (
    <QueryState query={query} label="the order">
      {({ order, events }) => (
        <article aria-label={`Domain order ${order.domain}`} className="grid gap-3">
          <h2 className="text-lg font-bold break-all text-ink">
            {order.domain}
            {order.kind === 'registration' ? '' : ` (${order.kind})`}
          </h2>
          <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm">
            <dt className="text-muted">Status</dt>
            <dd className="capitalize">{label(order.status)}</dd>
            <dt className="text-muted">Registrant</dt>
            <dd className="[overflow-wrap:anywhere]">
              {order.registrantName} &lt;{order.registrantEmail}&gt;
            </dd>
            <dt className="text-muted">Price</dt>
            <dd>
              {formatZAR(randToCents(order.price))} for {order.years}{' '}
              {order.years === 1 ? 'year' : 'years'}
            </dd>
            <dt className="text-muted">Registrar</dt>
            <dd>
              {order.registrar}
              {order.registrarReference ? ` (${order.registrarReference})` : ''}
            </dd>
            <dt className="text-muted">Attempts</dt>
            <dd>{order.attempts}</dd>
            {order.lastError && (
              <>
                <dt className="text-muted">Last error</dt>
                <dd className="text-red-700">{order.lastError}</dd>
              </>
            )}
            {order.refundDue !== null && (
              <>
                <dt className="text-muted">Refund due</dt>
                <dd className="font-semibold text-red-700">
                  {formatZAR(randToCents(order.refundDue))} to the customer
                </dd>
              </>
            )}
          </dl>
          <h3 className="font-semibold text-ink">History</h3>
          <ol className="grid gap-1 text-sm">
            {events.map((event, index) => (
              <li key={index} className="text-muted">
                {formatDate(event.createdAt)}:{' '}
                {event.fromStatus ? `${label(event.fromStatus)} → ` : ''}
                <span className="capitalize">{label(event.toStatus)}</span>
                {event.note ? ` — ${event.note}` : ''}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            {order.status === 'failed' && (
              <Button size="sm" disabled={busy} onClick={() => retry.mutate(id)}>
                Retry registration
              </Button>
            )}
            {mayRefund && ['failed', 'paid'].includes(order.status) && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => refund.mutate(id)}>
                Refund {formatZAR(randToCents(order.refundDue ?? order.price))} to the card
              </Button>
            )}
            {mayRefund && order.status === 'pending_payment' && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => refund.mutate(id)}>
                Close unpaid order
              </Button>
            )}
            {!mayRefund && ['failed', 'paid', 'pending_payment'].includes(order.status) && (
              <p className="text-sm text-muted">
                Only an owner of the business can refund or close this order.
              </p>
            )}
          </div>
        </article>
      )}
    </QueryState>
  );
}

export function DomainOrdersPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DomainOrderStatus | ''>('');
  const [selected, setSelected] = useState<string | null>(null);
  const query = useDomainOrders(page, status);
  return (
    <>
      <DomainMarginTable />
      <StatusFilter
        id="domain-status"
        className="mb-4"
        value={status}
        statuses={domainOrderStatuses}
        label={(s) => {
          const text = label(s);
          return text.charAt(0).toUpperCase() + text.slice(1);
        }}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <QueryState query={query} label="the domain orders">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No domain orders yet">
              Domains that customers buy are listed here until the registrar confirms them.
            </EmptyState>
          ) : (
            <ListWithDetail
              items={data.items}
              selectedId={selected}
              onSelect={setSelected}
              title={(order) =>
                order.kind === 'registration' ? order.domain : `${order.domain} (${order.kind})`
              }
              meta={(order) => (
                <span className="capitalize">
                  {label(order.status)}
                  {order.refundDue === null ? '' : ' · refund due'} · {formatDate(order.createdAt)}
                </span>
              )}
              paging={data}
              onPage={setPage}
              detail={selected && <OrderDetail id={selected} />}
              placeholder="Choose an order to see its history."
            />
          )
        }
      </QueryState>
    </>
  );
}
