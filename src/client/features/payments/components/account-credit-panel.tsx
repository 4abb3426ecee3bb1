import { formatRand } from '#shared/money.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyCredit } from '../../../lib/api/get-my-credit.ts';
import { CreditStatement } from './credit-statement.tsx';

/**
 * The customer's account credit: the balance they can spend at checkout, and how it came about
 * (refunds kept as credit, overpayments, adjustments, credit used on orders).
 */
export function AccountCreditPanel() {
  const credit = useMyCredit();
  return (
    <DashboardPanel title="Account credit" query={credit} what="your account credit">
      {(data) =>
        data.entries.length === 0 ? (
          <CardDescription className="mt-2">
            You have no account credit. Refunds and overpayments we keep for you appear here, and
            you can spend them at checkout.
          </CardDescription>
        ) : (
          <div className="mt-3 grid gap-3">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-extrabold text-ink tabular-nums">
                {formatRand(data.balance)}
              </span>
              <span className="text-sm text-muted">
                {data.balance > 0 ? 'available to spend at checkout' : 'available'}
              </span>
            </p>
            <CreditStatement statement={data} label="Your credit statement" latest={5} />
          </div>
        )
      }
    </DashboardPanel>
  );
}
