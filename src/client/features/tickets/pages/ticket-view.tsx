import type { ReactNode } from 'react';
import { formatDate } from '#shared/dates.ts';
import { ticketCategoryLabels, type Ticket } from '#shared/tickets.schemas.ts';
import type { Upload } from '#shared/uploads.schemas.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Conversation } from '../components/conversation.tsx';
import { ReplyForm } from '../components/reply-form.tsx';
import { TicketStateBadge } from '../components/ticket-state-badge.tsx';

/** A ticket as its customer sees it (signed in, or through a mailed link), with the reply form. */
export function TicketView({
  ticket,
  send,
  busy,
  closedNote,
  files,
  fileHref,
}: {
  ticket: Ticket;
  send: (message: string) => Promise<unknown>;
  busy: boolean;
  /** What to do instead of replying to a closed ticket. */
  closedNote: ReactNode;
  /** The ticket's attachments, where the viewer may see and add them. */
  files?: ReactNode;
  /** Where a file sent with a message is downloaded, if the viewer may. */
  fileHref?: (file: Upload) => string;
}) {
  return (
    <>
      <h1 className="text-3xl font-extrabold [overflow-wrap:anywhere] text-ink">
        {ticket.subject}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span className="font-mono font-semibold text-ink">{ticket.reference}</span>·
        <span>{ticketCategoryLabels[ticket.category]}</span>·
        <span>opened {formatDate(ticket.createdAt)}</span>
        <TicketStateBadge state={ticket.state} />
      </p>
      {ticket.state === 'awaiting_customer' && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          We answered and are waiting for your reply.
        </p>
      )}
      {ticket.closesAt && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900">
          We marked this ticket resolved. If something is still not right, reply before{' '}
          {formatDate(ticket.closesAt)} and it opens again; after that it closes.
        </p>
      )}
      <div className="mt-6">
        <Conversation
          messages={ticket.messages}
          viewer="customer"
          {...(fileHref ? { fileHref } : {})}
        />
      </div>
      {files}
      <Card className="mt-6">
        {ticket.state === 'closed' ? (
          <div role="status">
            <h2 className="text-lg font-bold text-ink">This ticket is closed</h2>
            <div className="mt-2 text-muted">{closedNote}</div>
          </div>
        ) : (
          <ReplyForm send={send} busy={busy} />
        )}
      </Card>
    </>
  );
}
