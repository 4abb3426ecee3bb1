import { Link } from 'wouter';
import type { ProjectStage } from '#shared/projects.schemas.ts';
import { formatRand } from '#shared/money.ts';
import { adminQuotePath } from '#shared/routes.ts';
import { useProjectQuote } from '../api/get-quote.ts';
import { BalanceAction } from './balance-action.tsx';

/**
 * On a website project sold on a quote: from launch the team is offered the quote's balance
 * invoice; before it, a line says the balance waits for launch.
 */
export function ProjectBalance({ reference, stage }: { reference: string; stage: ProjectStage }) {
  const query = useProjectQuote(reference);
  const quote = query.data?.quote;
  if (!quote) return null;
  const delivered = stage === 'launch' || stage === 'live';
  if (delivered && quote.balanceDue !== null) return <BalanceAction quote={quote} />;
  return (
    <p className="text-sm text-muted">
      Sold on quote{' '}
      <Link href={adminQuotePath(quote.number)} className="font-semibold text-brand-700 underline">
        {quote.number}
      </Link>
      {quote.balanceDue !== null &&
        `: its balance of ${formatRand(quote.balanceDue)} is invoiced at launch`}
      .
    </p>
  );
}
