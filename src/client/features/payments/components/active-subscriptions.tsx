import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { useMySubscriptions } from '../api/get-my-subscriptions.ts';

/** The dashboard's line per running subscription: what it is, what it costs, when it is next charged. */
export function ActiveSubscriptions() {
  const subscriptions = useMySubscriptions();
  const running = (subscriptions.data ?? []).filter((s) => s.status !== 'cancelled');
  if (running.length === 0) return null;
  return (
    <div className="mt-4 border-t border-line pt-3">
      <h3 className="text-sm font-semibold text-ink">Monthly subscriptions</h3>
      <ul className="mt-1 grid gap-1 text-sm" aria-label="Your monthly subscriptions">
        {running.map((s) => (
          <li key={s.reference}>
            {s.title}: <span className="tabular-nums">{formatZAR(randToCents(s.amount))}</span> a
            month
            {s.nextBillingDate ? `, next on ${formatDate(s.nextBillingDate)}` : ''}
            {s.suspendedAt ? (
              <span className="ml-1 font-semibold text-red-800">(suspended until paid)</span>
            ) : (
              s.failedCharges > 0 && (
                <span className="ml-1 font-semibold text-red-800">(last payment failed)</span>
              )
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
