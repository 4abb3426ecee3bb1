import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import type { CreditStatement as Statement } from '#shared/credit.schemas.ts';
import { cn } from '../../../lib/cn.ts';

/** "+R 500,00" for credit added, "-R 120,00" for credit used or taken off. */
const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatRand(amount)}`;

/**
 * A credit statement, newest first: what moved the credit and by how much, when, and the balance
 * after it. A list rather than a table, so it reads on a phone and in a dashboard column alike.
 * `latest` shows only that many of the newest lines, saying so.
 */
export function CreditStatement({
  statement,
  label,
  latest,
}: {
  statement: Statement;
  /** Names the list for screen readers, e.g. "Your credit statement". */
  label: string;
  latest?: number;
}) {
  const newestFirst = statement.entries.toReversed();
  const shown = latest ? newestFirst.slice(0, latest) : newestFirst;
  return (
    <div className="grid gap-2">
      <ol className="divide-y divide-line rounded-xl border border-line" aria-label={label}>
        {shown.map((entry, index) => (
          <li
            key={`${entry.date}-${index}`}
            className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
          >
            <span className="font-semibold [overflow-wrap:anywhere] text-ink">
              {entry.description}
            </span>
            <span
              className={cn(
                'text-right font-semibold whitespace-nowrap tabular-nums',
                entry.amount > 0 ? 'text-green-800' : 'text-ink',
              )}
            >
              {signed(entry.amount)}
            </span>
            <span className="text-muted">{formatDate(entry.date)}</span>
            <span className="text-right whitespace-nowrap text-muted tabular-nums">
              Balance {formatRand(entry.balance)}
            </span>
          </li>
        ))}
      </ol>
      {shown.length < newestFirst.length && (
        <p className="text-sm text-muted">
          Showing the latest {shown.length} of {newestFirst.length} changes.
        </p>
      )}
    </div>
  );
}
