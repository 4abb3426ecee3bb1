import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';

/**
 * /unsubscribe?token=…: the page a marketing mail's link opens. One button unsubscribes (a link
 * followed by a mail scanner, which presses nothing, unsubscribes no one).
 */
export function UnsubscribePage() {
  const [token] = useState(tokenFromUrl);
  const unsubscribe = useUnsubscribe();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {!token ? (
        <div role="alert">
          <h1 className="text-3xl font-extrabold text-ink">This unsubscribe link is incomplete</h1>
          <p className="mt-2 text-muted">
            Use the link in our e-mail, or sign in and untick “Send me news and offers by e-mail” in
            your{' '}
            <Link href={paths.userSettings} className="font-semibold text-brand-700 underline">
              settings
            </Link>
            .
          </p>
        </div>
      ) : unsubscribe.isSuccess ? (
        <div aria-live="polite">
          <h1 className="text-3xl font-extrabold text-ink">You are unsubscribed</h1>
          <p className="mt-3 text-lg text-ink">We will not send you news and offers any more.</p>
          <p className="mt-2 text-muted">
            Mail about your orders, invoices, domains and support tickets still reaches you, as does
            notice of maintenance that affects your services. Changed your mind? Tick “Send me news
            and offers by e-mail” in your{' '}
            <Link href={paths.userSettings} className="font-semibold text-brand-700 underline">
              settings
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold text-ink">Unsubscribe from news and offers</h1>
          <p className="mt-3 text-muted">
            We will stop sending you our news and offers by e-mail. Mail about your orders,
            invoices, domains and support tickets is not affected.
          </p>
          {unsubscribe.isError && (
            <p role="alert" className="mt-4 font-semibold text-red-800">
              {serverMessage(unsubscribe.error) ??
                'We could not unsubscribe you just now. Please try again in a moment.'}
            </p>
          )}
          <Button
            className="mt-6"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </>
      )}
    </div>
  );
}
