import { useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import { useSupportTickets } from '../api/get-support-tickets.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';

/** Enquiries from the contact form, newest first, each with its full message. */
export function SupportTicketsPage() {
  const [page, setPage] = useState(1);
  const query = useSupportTickets(page);
  return (
    <QueryState query={query} label="the support tickets">
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState title="No support tickets yet">
            Messages that customers send from the contact page are listed here.
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4">
              {data.items.map((ticket) => (
                <li key={ticket.id}>
                  <article
                    aria-label={ticket.subject}
                    className="rounded-2xl border border-line bg-white p-4"
                  >
                    <h2 className="font-bold [overflow-wrap:anywhere] text-ink">
                      {ticket.subject}
                    </h2>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted">
                      {ticket.name} ·{' '}
                      <a className="text-brand-700 hover:underline" href={`mailto:${ticket.email}`}>
                        {ticket.email}
                      </a>
                      {ticket.phone ? ` · ${ticket.phone}` : ''} · {formatDate(ticket.createdAt)}
                    </p>
                    <p className="mt-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {ticket.message}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )
      }
    </QueryState>
  );
}
