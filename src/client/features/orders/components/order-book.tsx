import { useState } from 'react';
import { formatDateTime, formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import {
  adminOrderStatuses,
  orderStatuses,
  orderStatusLabels,
  orderTransitions,
  type AdminOrder,
  type OrderStatus,
} from '#shared/orders.schemas.ts';
import { invoicePdfPath } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useChangeOrderStatus } from '../api/change-order-status.ts';
import { useAdminOrders } from '../api/get-admin-orders.ts';
import { ListWithDetail } from '../../../components/list-with-detail.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { OrderPayments } from './order-payments.tsx';

const settable: readonly OrderStatus[] = adminOrderStatuses;
const rand = (amount: number) => formatZAR(randToCents(amount));

function OrderDetail({ order, onChanged }: { order: AdminOrder; onChanged?: () => void }) {
  const [note, setNote] = useState('');
  const changeStatus = useChangeOrderStatus({
    onSuccess: (updated) => {
      onChanged?.();
      setNote('');
      toast({
        title: 'Order updated',
        description: `${updated.reference} is now ${orderStatusLabels[updated.status].toLowerCase()}.`,
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Order not updated', description: error.message, variant: 'destructive' }),
  });
  const move = (status: OrderStatus) =>
    changeStatus.mutate({
      reference: order.reference,
      change: {
        status: status as (typeof adminOrderStatuses)[number],
        ...(note.trim() ? { note: note.trim() } : {}),
      },
    });
  const next = orderTransitions[order.status].filter((status) => settable.includes(status));
  return (
    <article aria-label={`Order ${order.reference}`} className="grid gap-3">
      <h3 className="text-lg font-bold text-ink">
        <span className="font-mono">{order.reference}</span> · {orderStatusLabels[order.status]}
      </h3>
      <dl className="grid grid-cols-[7rem_1fr] gap-1 text-sm">
        <dt className="text-muted">Customer</dt>
        <dd className="[overflow-wrap:anywhere]">
          {order.customer ? `${order.customer.name} <${order.customer.email}>` : 'Account deleted'}
        </dd>
        <dt className="text-muted">Placed</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        {order.paidAt && (
          <>
            <dt className="text-muted">Paid</dt>
            <dd>{formatDateTime(order.paidAt)}</dd>
          </>
        )}
        <dt className="text-muted">Total</dt>
        <dd>
          {rand(order.total)}
          {order.vat > 0 && ` (VAT ${rand(order.vat)})`}
        </dd>
        {order.invoice && (
          <>
            <dt className="text-muted">Invoice</dt>
            <dd>
              <a
                href={invoicePdfPath(order.reference)}
                download
                className="font-semibold text-brand-700 hover:underline"
              >
                {order.invoice} (PDF)
              </a>
            </dd>
          </>
        )}
      </dl>
      <ul className="divide-y divide-line rounded-lg border border-line text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-3 px-3 py-2">
            <span className="[overflow-wrap:anywhere]">
              {item.quantity > 1 ? `${item.quantity} × ` : ''}
              {item.title}
            </span>
            <span className="text-right tabular-nums">
              {rand(item.total)}
              {item.monthly !== null && (
                <span className="block text-muted">{rand(item.monthly)} per month</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <div className="grid gap-2">
        <h4 className="text-sm font-bold text-ink">Payments</h4>
        <OrderPayments payments={order.payments} onChanged={onChanged} />
      </div>
      <div>
        <h4 className="text-sm font-bold text-ink">History</h4>
        <ol className="mt-1 grid gap-1 text-sm text-muted">
          {order.events.map((event, index) => (
            <li key={index}>
              {formatDateTime(event.createdAt)} ·{' '}
              {orderStatusLabels[event.toStatus as OrderStatus] ?? event.toStatus}
              {event.note ? ` · ${event.note}` : ''}
            </li>
          ))}
        </ol>
      </div>
      {next.length > 0 && (
        <div className="grid gap-2">
          <Label htmlFor="order-note">Note for the history (optional)</Label>
          <Input
            id="order-note"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {next.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={status === 'cancelled' || status === 'failed' ? 'outline' : 'default'}
                disabled={changeStatus.isPending}
                onClick={() => move(status)}
              >
                Mark as {orderStatusLabels[status].toLowerCase()}
              </Button>
            ))}
          </div>
        </div>
      )}
    </article>
  );
}

/**
 * Every order, newest first: who bought what, what it cost, where it stands. `onOrderChanged`
 * runs after an order has moved on (the dashboard reads its figures again).
 */
export function OrderBook({ onOrderChanged }: { onOrderChanged?: () => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const query = useAdminOrders(page, status);
  return (
    <section aria-labelledby="orders-heading" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="orders-heading" className="text-lg font-bold text-ink">
          Orders
        </h2>
        <StatusFilter
          id="order-status"
          className="w-56"
          value={status}
          statuses={orderStatuses}
          label={(s) => orderStatusLabels[s]}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      <QueryState query={query} label="the orders">
        {(data) => {
          const items = data.items.map((order) => ({ ...order, id: order.reference }));
          const selected = items.find((item) => item.id === selectedId);
          return items.length === 0 ? (
            <EmptyState title="No orders">
              Orders appear here as customers check out, with their payment and invoice.
            </EmptyState>
          ) : (
            <ListWithDetail
              items={items}
              selectedId={selectedId}
              onSelect={setSelectedId}
              title={(item) => (
                <>
                  <span className="font-mono">{item.reference}</span> · {rand(item.total)}
                </>
              )}
              meta={(item) =>
                `${item.customer?.name ?? 'Account deleted'} · ${formatDate(item.createdAt)} · ${orderStatusLabels[item.status]}`
              }
              paging={data}
              onPage={setPage}
              detail={selected && <OrderDetail order={selected} onChanged={onOrderChanged} />}
              placeholder="Choose an order to see its lines, history and invoice."
            />
          );
        }}
      </QueryState>
    </section>
  );
}
