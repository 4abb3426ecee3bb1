import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useOutboxMessage } from '../api/get-outbox-message.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { ListWithDetail } from '../../../components/list-with-detail.tsx';

const statusLabels: Record<string, string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  stored: 'Stored (no SMTP)',
  failed: 'Failed',
};

function Message({ id }: { id: string }) {
  const query = useOutboxMessage(id);
  return (
    <QueryState query={query} label="the message">
      {(message) => (
        <article aria-label="Message" className="grid gap-3">
          <h2 className="text-lg font-bold [overflow-wrap:anywhere] text-ink">{message.subject}</h2>
          <dl className="grid grid-cols-[5rem_1fr] gap-1 text-sm">
            <dt className="text-muted">To</dt>
            <dd className="[overflow-wrap:anywhere]">{message.to}</dd>
            <dt className="text-muted">Status</dt>
            <dd>
              {statusLabels[message.status] ?? message.status}
              {message.lastError ? ` — ${message.lastError}` : ''}
            </dd>
          </dl>
          <pre className="max-h-96 overflow-auto rounded-lg bg-gray-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {message.text}
          </pre>
        </article>
      )}
    </QueryState>
  );
}

export function OutboxPage() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const query = useOutbox(page);
  return (
    <QueryState query={query} label="the outbox">
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState title="No mail yet">
            Verification, password-reset and order e-mails appear here as the site sends them.
          </EmptyState>
        ) : (
          <ListWithDetail
            items={data.items}
            selectedId={selected}
            onSelect={setSelected}
            title={(item) => item.subject}
            meta={(item) =>
              `${item.to} · ${formatDateTime(item.createdAt)} · ${statusLabels[item.status] ?? item.status}`
            }
            paging={data}
            onPage={setPage}
            detail={selected && <Message id={selected} />}
            placeholder="Choose a message to read it."
          />
        )
      }
    </QueryState>
  );
}
