import { useState } from 'react';
import type { OutboxMessage } from '#shared/admin.schemas.ts';
import { formatDateTime } from '#shared/dates.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useOutboxMessage } from '../api/get-outbox-message.ts';
import { useOpenOutboxMessage } from '../api/open-outbox-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { ListWithDetail } from '../../../components/list-with-detail.tsx';

const statusLabels: Record<string, string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  stored: 'Stored (no SMTP)',
  failed: 'Failed',
};

/** The first link of a mail's text that carries a token. */
const workingLink = (text: string) => /https?:\/\/\S+[?&]token=\S+/.exec(text)?.[0];

/** Where a link's token is: minted for its recipient, or (development) for the owner reading. */
function TokenLinkNote({ message }: { message: OutboxMessage }) {
  const open = useOpenOutboxMessage({
    onError: (error) =>
      toast({ title: 'Message not opened', description: error.message, variant: 'destructive' }),
  });
  if (message.tokenLink === 'none') return null;
  const opened = open.data?.id === message.id ? open.data : null;
  return (
    <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
      <p>
        The token of this mail&rsquo;s link is made when the mail is delivered and reaches only its
        recipient, so the copy kept here shows {tokenMintedOnDelivery} in its place.
      </p>
      {message.tokenLink === 'open-here' && (
        <>
          <p>
            Development without SMTP: open the mail here with a working link. Each opening makes a
            new link, and the previous one stops working.
          </p>
          <div>
            <Button size="sm" disabled={open.isPending} onClick={() => open.mutate(message.id)}>
              Open with a working link
            </Button>
          </div>
          {opened && (
            <>
              {workingLink(opened.text) && (
                <a
                  href={workingLink(opened.text)}
                  className="font-semibold text-brand-700 underline"
                >
                  Follow the working link
                </a>
              )}
              <pre
                aria-label="Mail with its working link"
                className="max-h-96 overflow-auto rounded-lg bg-white p-3 whitespace-pre-wrap [overflow-wrap:anywhere]"
              >
                {opened.text}
              </pre>
            </>
          )}
        </>
      )}
    </div>
  );
}

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
          <TokenLinkNote message={message} />
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
