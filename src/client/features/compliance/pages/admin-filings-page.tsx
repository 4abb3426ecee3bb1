import { formatDate, formatDateTime, saToday } from '#shared/dates.ts';
import type { ComplianceFilingTask } from '#shared/compliance.schemas.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAdminFilings, useMarkFiled } from '../api/admin-filings.ts';

function FilingRow({ task }: { task: ComplianceFilingTask }) {
  const mark = useMarkFiled({
    onSuccess: () =>
      toast({
        title: 'Marked filed',
        description: `${task.companyName}: the customer is told and their calendar updated.`,
      }),
    onError: (error) =>
      toast({ title: 'Not marked filed', description: error.message, variant: 'destructive' }),
  });
  const overdue = task.status === 'open' && task.dueOn < saToday();
  return (
    <li className="grid gap-2 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold [overflow-wrap:anywhere] text-ink">
          {task.companyName} <span className="font-mono text-sm">({task.registrationNumber})</span>
        </p>
        <p className="text-sm text-ink">{task.title}</p>
        <p className="text-sm [overflow-wrap:anywhere] text-muted">
          {task.customerEmail}
          {task.planStatus === 'active' ? '' : ` · care ${task.planStatus}: hold until paid`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {task.status === 'filed' ? (
          <StatusBadge status="completed">
            {`Filed ${formatDateTime(task.filedAt!)} by ${task.filedBy ?? 'the team'}`}
          </StatusBadge>
        ) : (
          <>
            <StatusBadge status={overdue ? 'overdue' : 'pending'}>
              {overdue
                ? `Overdue since ${formatDate(task.dueOn)}`
                : `Due ${formatDate(task.dueOn)}`}
            </StatusBadge>
            <Button
              size="sm"
              disabled={mark.isPending || task.planStatus !== 'active'}
              aria-label={`Mark filed: ${task.companyName}, ${task.title}`}
              onClick={() => mark.mutate(task.id)}
            >
              Mark filed
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * /admin/compliance-filings: the annual returns and beneficial-ownership updates compliance care
 * owes, each put here 30 days before it is due; marking one filed tells the customer.
 */
export function AdminFilingsPage() {
  const query = useAdminFilings();
  return (
    <QueryState query={query} label="the compliance filings">
      {({ items }) =>
        items.length === 0 ? (
          <EmptyState title="No filings yet">
            A company under compliance care has its filings listed here 30 days before they are due.
          </EmptyState>
        ) : (
          <ul
            className="divide-y divide-line rounded-2xl border border-line bg-white px-4 sm:px-6"
            aria-label="Compliance filings"
          >
            {items.map((task) => (
              <FilingRow key={task.id} task={task} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
