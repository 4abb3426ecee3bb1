import { Link, useParams } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useMyTicket } from '../api/get-my-ticket.ts';
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { TicketView } from './ticket-view.tsx';

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
