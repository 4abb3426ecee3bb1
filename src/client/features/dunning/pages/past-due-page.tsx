import { Link } from 'wouter';
import { formatZAR } from '#shared/money.ts';
import { adminCustomerPath } from '#shared/routes.ts';
import { DunningCaseCard } from '../../../components/dunning-case.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { usePastDue } from '../api/get-past-due.ts';

/**
 * "Past due" (issue 30 §2): every open dunning case, soonest due first — a monthly charge that
 * failed, a renewal unpaid or about to fall due — with its customer, amount and steps.
 */
export function PastDuePage() {
  const query = usePastDue();
  return (
    <QueryState query={query} label="the past due list">
      {(data) => (
        <div className="grid gap-6">
          <p className="max-w-2xl text-sm text-muted">
            Each case follows the owners&rsquo; dunning policy: reminders, a final notice,
            suspension, then cancellation. A payment at any step closes it and restores the service.
            Monthly revenue at risk: <strong>{formatZAR(data.mrrAtRiskCents)}</strong>.
          </p>
          {data.items.length === 0 ? (
            <EmptyState title="Nothing past due">
              Failed monthly charges, and renewals still unpaid on their due date, appear here.
            </EmptyState>
          ) : (
            <div className="grid gap-3">
              {data.items.map((item) => (
                <DunningCaseCard
                  key={item.id}
                  item={item}
                  who={
                    item.customer ? (
                      <p className="text-sm [overflow-wrap:anywhere]">
                        <Link
                          href={adminCustomerPath(item.customer.id)}
                          className="font-semibold text-brand-700 underline"
                        >
                          {item.customer.fullName}
                        </Link>{' '}
                        <span className="text-muted">{item.customer.email}</span>
                      </p>
                    ) : (
                      <p className="text-sm text-muted">Deleted account</p>
                    )
                  }
                />
              ))}
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}
