import { Link, useLocation } from 'wouter';
import type { ServiceRequest } from '#shared/requests.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { serviceTypeLabel } from '#shared/service-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { addToCart, readCart } from '../../../lib/cart.ts';
import { useMyServiceRequests } from '../api/get-my-service-requests.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';

const statusLabels: Record<string, string> = {
  new: 'Received',
  contacted: 'In discussion',
  quoted: 'Quote sent',
  paid: 'Paid',
  won: 'Accepted',
  lost: 'Closed',
};

/** A quote is paid like anything else: it goes into the cart and through the checkout. */
function PayQuoteButton({ request, quote }: { request: ServiceRequest; quote: number }) {
  const [, navigate] = useLocation();
  const id = `quote-${request.reference}`;
  return (
    <Button
      size="sm"
      onClick={() => {
        if (!readCart().some((item) => item.id === id)) {
          addToCart({
            id,
            type: 'service-request',
            reference: request.reference,
            title: `${serviceTypeLabel(request.serviceType)} (quote ${request.reference})`,
            price: quote,
          });
        }
        navigate(paths.checkout);
      }}
    >
      Pay {formatZAR(randToCents(quote))}
    </Button>
  );
}

/** The customer's quote and call-back requests, newest first. */
export function ServiceRequestsPanel() {
  const requests = useMyServiceRequests();
  return (
    <DashboardPanel title="Service requests" query={requests} what="your requests">
      {(data) =>
        data.length === 0 ? (
          <>
            <CardDescription className="mt-2">
              No requests yet. Ask for a quote on any service page and follow it here.
            </CardDescription>
            <Link
              href={paths.requestService}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
            >
              Request a service
            </Link>
          </>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {data.map((request) => (
              <li
                key={request.id}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2"
              >
                <span>
                  <span className="font-mono font-semibold text-ink">{request.reference}</span>{' '}
                  <span className="text-muted">{serviceTypeLabel(request.serviceType)}</span>
                </span>
                <span className="flex flex-wrap items-center gap-3 text-sm text-muted">
                  {statusLabels[request.status] ?? request.status} · {formatDate(request.createdAt)}
                  {request.status === 'quoted' && request.quote !== null && (
                    <PayQuoteButton request={request} quote={request.quote} />
                  )}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </DashboardPanel>
  );
}
