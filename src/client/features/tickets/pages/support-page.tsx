import { Link, useLocation } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { ticketPath } from '#shared/routes.ts';
import { ticketCategoryLabels } from '#shared/tickets.schemas.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyTickets } from '../api/get-my-tickets.ts';
import { NewTicketForm } from '../components/new-ticket-form.tsx';
import { TicketStateBadge } from '../components/ticket-state-badge.tsx';

/** /user/support: the customer's tickets and the form to open a new one. */
export function SupportPage() {
  const tickets = useMyTickets();
  const [, navigate] = useLocation();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Support</h1>
      <p className="mt-1 text-muted">
        Questions about a payment, a domain or your website: we answer here and by e-mail.
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="my-tickets">
          <h2 id="my-tickets" className="text-xl font-bold text-ink">
            My tickets
          </h2>
          <div className="mt-3">
            {tickets.isPending ? (
              <Spinner label="Loading your tickets" />
            ) : tickets.isError ? (
              <p role="alert">We could not load your tickets: {tickets.error.message}</p>
            ) : tickets.data.length === 0 ? (
              <p className="text-muted">
                No tickets yet. Open one with the form and the conversation appears here.
              </p>
            ) : (
              <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
                {tickets.data.map((ticket) => (
                  <li key={ticket.reference} className="grid gap-1 px-4 py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link
                        href={ticketPath(ticket.reference)}
                        className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                      >
                        {ticket.subject}
                      </Link>
                      <TicketStateBadge state={ticket.state} />
                    </div>
                    <p className="text-sm text-muted">
                      <span className="font-mono">{ticket.reference}</span> ·{' '}
                      {ticketCategoryLabels[ticket.category]} · last activity{' '}
                      {formatDate(ticket.updatedAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <Card className="self-start">
          <h2 className="text-xl font-bold text-ink">Open a ticket</h2>
          <div className="mt-4">
            <NewTicketForm onCreated={(ticket) => navigate(ticketPath(ticket.reference))} />
          </div>
        </Card>
      </div>
    </>
  );
}
