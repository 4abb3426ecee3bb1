import { useState } from 'react';
import {
  nextStatuses,
  serviceRequestStatuses,
  statusChangeSchema,
  type ServiceRequest,
  type ServiceRequestStatus,
  type StatusChange,
} from '#shared/requests.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { formatDate } from '#shared/dates.ts';
import { serviceTypeLabel } from '#shared/service-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useChangeServiceRequestStatus } from '../api/change-service-request-status.ts';
import { useServiceRequests } from '../api/get-service-requests.ts';
import { ListWithDetail } from '../../../components/list-with-detail.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { vat } from '../../../lib/site.ts';

const statusLabels: Record<ServiceRequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  paid: 'Paid',
  won: 'Won',
  lost: 'Lost',
};

/** Quoting needs the price the customer will pay; it is e-mailed to them with a way to pay. */
function QuoteForm({ onQuote, busy }: { onQuote: (change: StatusChange) => void; busy: boolean }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      className="grid gap-2 rounded-lg border border-line p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = statusChangeSchema.safeParse({
          status: 'quoted',
          quote: amount || undefined,
        });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the amount');
        setError('');
        onQuote(parsed.data);
      }}
    >
      <Label htmlFor="quote-amount">Quote in rand{vat.included}</Label>
      <div className="flex flex-wrap gap-2">
        <div className="w-40">
          <Input
            id="quote-amount"
            inputMode="decimal"
            placeholder="e.g. 7500.00"
            value={amount}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'quote-amount-error' : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={busy}>
          Send quote
        </Button>
      </div>
      <FieldError id="quote-amount-error" message={error} />
    </form>
  );
}

function RequestDetail({ request }: { request: ServiceRequest }) {
  const changeStatus = useChangeServiceRequestStatus({
    onSuccess: (updated) => {
      toast({
        title: 'Status changed',
        description: `${updated.reference} is now ${statusLabels[updated.status].toLowerCase()}.`,
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Status not changed', description: error.message, variant: 'destructive' }),
  });
  const move = (change: StatusChange) => changeStatus.mutate({ id: request.id, change });
  return (
    <article aria-label={`Request ${request.reference}`} className="grid gap-3">
      <h2 className="text-lg font-bold text-ink">
        <span className="font-mono">{request.reference}</span> ·{' '}
        {serviceTypeLabel(request.serviceType)}
      </h2>
      <dl className="grid grid-cols-[7rem_1fr] gap-1 text-sm">
        <dt className="text-muted">From</dt>
        <dd className="[overflow-wrap:anywhere]">
          {request.name} &lt;{request.email}&gt;
        </dd>
        <dt className="text-muted">Phone</dt>
        <dd>{request.phone ?? '—'}</dd>
        <dt className="text-muted">Business</dt>
        <dd>{request.company ?? '—'}</dd>
        <dt className="text-muted">Received</dt>
        <dd>{formatDate(request.createdAt)}</dd>
        <dt className="text-muted">Status</dt>
        <dd>{statusLabels[request.status]}</dd>
        {request.quote !== null && (
          <>
            <dt className="text-muted">Quote</dt>
            <dd>{formatZAR(randToCents(request.quote))}</dd>
          </>
        )}
        {Object.entries(request.answers)
          .filter(([, answer]) => answer)
          .map(([question, answer]) => (
            <div key={question} className="contents">
              <dt className="text-muted capitalize">{question}</dt>
              <dd>{answer}</dd>
            </div>
          ))}
      </dl>
      <p className="rounded-lg bg-gray-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
        {request.message}
      </p>
      {nextStatuses[request.status].includes('quoted') && (
        <QuoteForm busy={changeStatus.isPending} onQuote={move} />
      )}
      {nextStatuses[request.status].length > 0 && (
        <div className="flex flex-wrap gap-2">
          {nextStatuses[request.status]
            .filter((status) => status !== 'quoted')
            .map((status) => (
              <Button
                key={status}
                size="sm"
                variant={status === 'lost' ? 'outline' : 'default'}
                disabled={changeStatus.isPending}
                onClick={() => move({ status })}
              >
                Mark as {statusLabels[status].toLowerCase()}
              </Button>
            ))}
        </div>
      )}
    </article>
  );
}

export function ServiceRequestsPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ServiceRequestStatus | ''>('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const query = useServiceRequests({ page, status });
  return (
    <>
      <StatusFilter
        id="request-status"
        className="mb-4"
        value={status}
        statuses={serviceRequestStatuses}
        label={(s) => statusLabels[s]}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <QueryState query={query} label="the service requests">
        {(data) => {
          const selected = data.items.find((item) => item.id === selectedId);
          return data.items.length === 0 ? (
            <EmptyState title="No service requests">
              Requests sent from the service pages and the request forms appear here.
            </EmptyState>
          ) : (
            <ListWithDetail
              items={data.items}
              selectedId={selectedId}
              onSelect={setSelectedId}
              title={(item) => (
                <>
                  <span className="font-mono">{item.reference}</span> ·{' '}
                  {serviceTypeLabel(item.serviceType)}
                </>
              )}
              meta={(item) =>
                `${item.name} · ${formatDate(item.createdAt)} · ${statusLabels[item.status]}`
              }
              paging={data}
              onPage={setPage}
              detail={selected && <RequestDetail request={selected} />}
              placeholder="Choose a request to see it and move it along."
            />
          );
        }}
      </QueryState>
    </>
  );
}
