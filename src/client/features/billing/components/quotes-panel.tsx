import { Link } from 'wouter';
import { quoteStatusLabels } from '#shared/billing.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { paths, quotePath } from '#shared/routes.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyQuotes } from '../api/get-quote.ts';

/** The dashboard's quotes panel: each quote's state, total, and until when it may be accepted. */
export function QuotesPanel() {
  const quotes = useMyQuotes();
  return (
    <DashboardPanel title="Quotes" query={quotes} what="your quotes">
      {(data) =>
        data.length === 0 ? (
          <CardDescription className="mt-2">
            No quotes yet. When we quote work for you, the quote comes by e-mail and waits here for
            you to read and accept online.{' '}
            <Link href={paths.contact} className="font-semibold text-brand-700 hover:underline">
              Ask us for a quote
            </Link>
          </CardDescription>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {data.slice(0, 5).map((quote) => (
              <li key={quote.number} className="grid gap-1 py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    href={quotePath(quote.number)}
                    className="font-mono font-semibold text-brand-700 hover:underline"
                  >
                    {quote.number}
                  </Link>
                  <StatusBadge status={quote.status}>{quoteStatusLabels[quote.status]}</StatusBadge>
                </div>
                <p className="text-sm text-muted">
                  {formatRand(quote.total)}
                  {quote.status === 'sent' && ` · accept by ${formatDate(quote.validUntil)}`}
                </p>
              </li>
            ))}
          </ul>
        )
      }
    </DashboardPanel>
  );
}
