import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { paths, ticketPath } from '#shared/routes.ts';
import { ticketCategoryLabels } from '#shared/tickets.schemas.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { useMyTickets } from '../api/get-my-tickets.ts';
import { NewTicketForm } from './new-ticket-form.tsx';
import { TicketStateBadge } from './ticket-state-badge.tsx';

/** "Open a ticket" in a dialog; the new ticket's conversation opens once it is stored. */
export function OpenTicketButton() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Open a ticket</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Open a support ticket</DialogTitle>
        <DialogDescription className="mt-1 mb-4">
          We reply here and by e-mail, usually within one business day.
        </DialogDescription>
        <NewTicketForm
          onCreated={(ticket) => {
            setOpen(false);
            navigate(ticketPath(ticket.reference));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The dashboard's support panel: the customer's tickets still in play, newest activity first. */
export function TicketsPanel() {
  const tickets = useMyTickets();
  return (
    <DashboardPanel title="Support tickets" query={tickets} what="your tickets">
      {(data) => {
        const active = data.filter((ticket) => ticket.state !== 'closed');
        return (
          <>
            {data.length === 0 ? (
              <CardDescription className="mt-2">
                No tickets yet. Need help with a payment, a domain or your website? Open a ticket
                and follow the conversation here.
              </CardDescription>
            ) : active.length === 0 ? (
              <CardDescription className="mt-2">
                All your tickets are closed ({data.length} in all).
              </CardDescription>
            ) : (
              <ul className="mt-3 divide-y divide-line">
                {active.slice(0, 5).map((ticket) => (
                  <li
                    key={ticket.reference}
                    className="flex flex-wrap items-baseline justify-between gap-2 py-2"
                  >
                    <Link
                      href={ticketPath(ticket.reference)}
                      className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                    >
                      {ticket.subject}
                    </Link>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                      {ticketCategoryLabels[ticket.category]} · {formatDate(ticket.updatedAt)}
                      <TicketStateBadge state={ticket.state} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <OpenTicketButton />
              {data.length > 0 && (
                <Link
                  href={paths.userSupport}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  All tickets
                </Link>
              )}
            </div>
          </>
        );
      }}
    </DashboardPanel>
  );
}
