import { DunningCaseCard } from '../../../components/dunning-case.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useCustomerDunning } from '../api/get-customer-dunning.ts';

/**
 * The customer's dunning cases on their page in the back office, newest first: what was owed,
 * and each step with its day and what it did.
 */
export function CustomerDunning({ customerId }: { customerId: string }) {
  const query = useCustomerDunning(customerId);
  return (
    <QueryState query={query} label="the customer's past due cases">
      {(data) =>
        data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-white px-4 py-3 text-sm text-muted">
            Never past due.
          </p>
        ) : (
          <div className="grid gap-3">
            {data.items.map((item) => (
              <DunningCaseCard key={item.id} item={item} />
            ))}
          </div>
        )
      }
    </QueryState>
  );
}
