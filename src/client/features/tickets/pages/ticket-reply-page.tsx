import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { useLinkedTicket } from '../api/get-linked-ticket.ts';
import { useReplyByLink } from '../api/reply-by-link.ts';
import { TicketView } from './ticket-view.tsx';

/**
 * /support/reply?token=…: the conversation a visitor started on the contact page, opened from
 * the link in our e-mail, without an account.
 */
export function TicketReplyPage() {
  const [token] = useState(tokenFromUrl);
  const ticket = useLinkedTicket(token);
  const reply = useReplyByLink({
    onSuccess: () => toast({ title: 'Reply sent', variant: 'success' }),
  });
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {!token || ticket.isError ? (
        <div role="alert">
          <h1 className="text-3xl font-extrabold text-ink">This link does not open a ticket</h1>
          <p className="mt-2 text-muted">
            Copy the whole link from our e-mail into your browser, or{' '}
            <Link href={paths.contact} className="font-semibold text-brand-700 underline">
              send us a new message
            </Link>
            .
          </p>
        </div>
      ) : ticket.isPending ? (
        <Spinner label="Loading your ticket" />
      ) : (
        <TicketView
          ticket={ticket.data}
          busy={reply.isPending}
          send={(message) => reply.mutateAsync({ token, message })}
          closedNote={
            <>
              Need more help?{' '}
              <Link href={paths.contact} className="font-semibold text-brand-700 underline">
                Send us a new message
              </Link>{' '}
              and mention {ticket.data.reference}.
            </>
          }
        />
      )}
    </div>
  );
}
