import type { ReactNode } from 'react';
import { dunningKindLabels, type DunningCase } from '#shared/dunning.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { cn } from '../lib/cn.ts';
import { StatusBadge } from './status-badge.tsx';

/** What each step of a dunning case is called. */
const stepLabels: Record<DunningCase['steps'][number]['kind'], string> = {
  reminder: 'Reminder',
  retry: 'Reminder to pay',
  'final-notice': 'Final notice',
  suspend: 'Suspension',
  cancel: 'Cancellation',
};

const statusLabels: Record<DunningCase['status'], string> = {
  open: 'Open',
  paid: 'Paid',
  cancelled: 'Cancelled unpaid',
};

/** A case's status as a badge colour: open cases are late, closed ones settled or not. */
const badge = { open: 'overdue', paid: 'paid', cancelled: 'cancelled' } as const;

/**
 * One dunning case as a card: what was owed and since when, its status, and each step in order
 * with its day and what it did. The past due list and a customer's page show the same; `who`
 * names the customer where the page is not theirs already.
 */
export function DunningCaseCard({ item, who }: { item: DunningCase; who?: ReactNode }) {
  const closed = item.status !== 'open';
  return (
    <article
      aria-label={`${item.title}, ${formatZAR(item.amountCents)}`}
      className="grid gap-3 rounded-xl border border-line bg-white p-4"
    >
      {who}
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold [overflow-wrap:anywhere] text-ink">{item.title}</span>
        <StatusBadge status={badge[item.status]}>{statusLabels[item.status]}</StatusBadge>
        {item.suspendedAt && !closed && <StatusBadge status="overdue">Suspended</StatusBadge>}
      </div>
      <p className="text-sm text-muted">
        {dunningKindLabels[item.kind]} · {item.subscriptionReference ?? item.orderReference} ·{' '}
        <span className="font-semibold text-ink tabular-nums">{formatZAR(item.amountCents)}</span>{' '}
        due {formatDate(item.dueAt)}
      </p>
      <ol className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {item.steps.map((step) => (
          <li key={step.step}>
            <span className={cn('font-semibold', step.doneAt ? 'text-ink' : 'text-muted')}>
              {stepLabels[step.kind]}
            </span>
            <span className="block text-muted">
              {step.doneAt
                ? `${formatDate(step.doneAt)}: ${step.note ?? 'done'}`
                : `${closed ? 'Not needed' : 'Planned'} for ${formatDate(step.dueAt)}`}
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}
