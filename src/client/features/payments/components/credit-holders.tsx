import { formatRand } from '#shared/money.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreditHolders } from '../api/get-credit-holders.ts';

/** The customers who hold credit (or owe it back), largest first; choosing one opens their credit. */
export function CreditHolders({
  selected,
  onSelect,
}: {
  selected: string;
  onSelect: (email: string) => void;
}) {
  const holders = useCreditHolders();
  return (
    <div className="grid content-start gap-2">
      <h3 className="text-sm font-bold text-ink">Customers with credit</h3>
      <QueryState query={holders} label="the customers with credit">
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-muted">No customer holds credit.</p>
          ) : (
            <ul className="grid max-h-80 gap-1 overflow-y-auto" aria-label="Customers with credit">
              {rows.map((holder) => (
                <li key={holder.email}>
                  <button
                    type="button"
                    aria-pressed={holder.email === selected}
                    onClick={() => onSelect(holder.email)}
                    className={cn(
                      'grid w-full grid-cols-[minmax(0,1fr)_auto] gap-x-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-accent-400',
                      holder.email === selected && 'bg-brand-50 ring-1 ring-brand-700',
                    )}
                  >
                    <span className="truncate font-semibold text-ink">{holder.name}</span>
                    <span
                      className={cn(
                        'font-semibold tabular-nums',
                        holder.balance < 0 ? 'text-red-700' : 'text-ink',
                      )}
                    >
                      {formatRand(holder.balance)}
                    </span>
                    <span className="col-span-2 truncate text-xs text-muted">{holder.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
