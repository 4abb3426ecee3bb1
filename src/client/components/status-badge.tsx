import { cn } from '../lib/cn.ts';

const done = new Set(['paid', 'completed', 'active', 'accepted']);
const waiting = new Set([
  'pending',
  'pending_payment',
  'registering',
  'unpaid',
  'part_paid',
  'pro_forma',
  'sent',
]);
const working = new Set(['in_progress']);
const late = new Set(['overdue', 'expired']);

/** A payment's or an order's status as a coloured pill; the text comes from the caller. */
export function StatusBadge({ status, children }: { status: string; children: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        done.has(status)
          ? 'bg-green-100 text-green-800'
          : waiting.has(status)
            ? 'bg-amber-100 text-amber-900'
            : working.has(status)
              ? 'bg-blue-100 text-blue-900'
              : late.has(status)
                ? 'bg-red-100 text-red-900'
                : 'bg-gray-100 text-gray-800',
      )}
    >
      {children}
    </span>
  );
}
