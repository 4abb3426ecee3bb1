import { Link, useParams } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useMyTicket } from '../api/get-my-ticket.ts';
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { TicketView } from './ticket-view.tsx';
import { ticketAttachmentUrl, useAttachToTicket } from '../api/attach-to-ticket.ts';
import { FileLinks, FileUpload } from '../../../components/file-upload.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { Ticket } from '#shared/tickets.schemas.ts';
import { useState } from 'react';

/** The ticket's files, and (while it is not closed) one more: a screenshot, a statement. */
function TicketFiles({ ticket }: { ticket: Ticket }) {
  const [error, setError] = useState<string | undefined>();
  const attach = useAttachToTicket({
    onSuccess: (_saved, { file }) => {
      setError(undefined);
      toast({ title: 'File attached', description: file.name, variant: 'success' });
    },
    onError: (failure) => setError(failure.message),
  });
  if (ticket.state === 'closed' && ticket.attachments.length === 0) return null;
  return (
    <Card className="mt-6 grid gap-3">
      <h2 className="text-lg font-bold text-ink">Attachments</h2>
      <FileLinks
        files={ticket.attachments}
        hrefOf={(file) => ticketAttachmentUrl(ticket.reference, file.id)}
      />
      {ticket.state !== 'closed' && (
        <FileUpload
          id="ticket-file"
          label="Attach a file (optional)"
          pending={attach.isPending}
          error={error}
          onUpload={(file) => attach.mutate({ reference: ticket.reference, file })}
        />
      )}
    </Card>
  );
}

/** /user/support/{reference}: one of the customer's tickets, its conversation and a reply. */
export function TicketPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const ticket = useMyTicket(reference);
  const reply = useReplyToTicket({
    onSuccess: () => toast({ title: 'Reply sent', variant: 'success' }),
  });
  return (
    <>
      <Link
        href={paths.userSupport}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All tickets
      </Link>
      <div className="mt-4">
        {ticket.isPending ? (
          <Spinner label="Loading the ticket" />
        ) : ticket.isError ? (
          <p role="alert">
            We could not load ticket {reference}: {ticket.error.message}
          </p>
        ) : (
          <TicketView
            ticket={ticket.data}
            busy={reply.isPending}
            send={(message) => reply.mutateAsync({ reference, message })}
            files={<TicketFiles ticket={ticket.data} />}
            fileHref={(file) => ticketAttachmentUrl(reference, file.id)}
            closedNote={
              <>
                Need more help?{' '}
                <Link href={paths.userSupport} className="font-semibold text-brand-700 underline">
                  Open a new ticket
                </Link>{' '}
                and mention {ticket.data.reference}.
              </>
            }
          />
        )}
      </div>
    </>
  );
}
