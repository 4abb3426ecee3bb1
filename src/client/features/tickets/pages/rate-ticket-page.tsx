import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { ticketRatings, type TicketRating } from '#shared/ticket-desk.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { useRateTicket } from '../api/rate-ticket.ts';

const ratingFromUrl = (): TicketRating | null => {
  const given = new URLSearchParams(window.location.search).get('rating');
  return ticketRatings.find((rating) => rating === given) ?? null;
};

const verdict: Record<TicketRating, string> = { good: 'good', bad: 'not good' };

/**
 * /support/rate?token=…&rating=good|bad: the page a closing mail's rating links open. The page
 * sends the rating (a link followed by a mail scanner, which runs no script, rates nothing), and
 * the customer can change it.
 */
export function RateTicketPage() {
  const [token] = useState(tokenFromUrl);
  const [first] = useState(ratingFromUrl);
  const rate = useRateTicket();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token || !first) return;
    sent.current = true;
    rate.mutate({ token, rating: first });
  }, [token, first, rate]);

  const answer = rate.data;
  const other: TicketRating | null = answer ? (answer.rating === 'good' ? 'bad' : 'good') : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {!token || !first ? (
        <div role="alert">
          <h1 className="text-3xl font-extrabold text-ink">This rating link is incomplete</h1>
          <p className="mt-2 text-muted">
            Use one of the two links in our e-mail, or{' '}
            <Link href={paths.contact} className="font-semibold text-brand-700 underline">
              tell us how we did
            </Link>
            .
          </p>
        </div>
      ) : rate.isError ? (
        <div role="alert">
          <h1 className="text-3xl font-extrabold text-ink">We could not record your rating</h1>
          <p className="mt-2 text-muted">
            {serverMessage(rate.error) ?? 'Please try the link again in a moment.'}
          </p>
        </div>
      ) : !answer ? (
        <Spinner label="Recording your rating" />
      ) : (
        <div aria-live="polite">
          <h1 className="text-3xl font-extrabold text-ink">Thank you for your rating</h1>
          <p className="mt-3 text-lg text-ink">
            You rated our help with ticket {answer.reference} (“{answer.subject}”) as{' '}
            <strong>{verdict[answer.rating]}</strong>.
          </p>
          <p className="mt-2 text-muted">
            {answer.rating === 'good'
              ? 'We are glad it worked out.'
              : 'We are sorry. The team reads every rating, and we will look at what went wrong.'}
          </p>
          {other && (
            <Button
              className="mt-6"
              variant="outline"
              disabled={rate.isPending}
              onClick={() => rate.mutate({ token, rating: other })}
            >
              Change my rating to “{verdict[other]}”
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
