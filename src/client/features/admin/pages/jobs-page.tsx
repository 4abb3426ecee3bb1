import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { jobStatuses, type JobItem, type JobStatus } from '#shared/jobs.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useJobs } from '../api/get-jobs.ts';
import { useRetryJob } from '../api/retry-job.ts';
import { ListWithDetail } from '../../../components/list-with-detail.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';

const statusLabels: Record<JobStatus, string> = {
  failed: 'Failed',
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
};

/** What each kind of job does, in the words of the back office. */
const jobLabels: Record<string, string> = {
  'send-mail': 'Send an e-mail',
  'check-payment-notification': 'Check a payment notification',
  'register-domain': 'Register a domain',
  'refund-payment': 'Refund a card payment at PayFast',
  'cancel-subscription': 'Cancel a subscription at PayFast',
  'charge-saved-card': 'Charge a renewal to a saved card at PayFast',
  'speed-report': 'Measure a website speed report',
  retention: 'Anonymise records past their retention',
  'compliance-reminders': 'Send compliance calendar reminders',
  backup: 'Back up the database',
};

const jobLabel = (job: JobItem) => jobLabels[job.name] ?? job.name;

const emptyText: Record<JobStatus, string> = {
  failed: 'Nothing has failed. Jobs that run out of tries are parked here to be tried again.',
  queued:
    'Nothing is waiting: e-mails, payment checks and registrations run as soon as they are queued.',
  running: 'Nothing is running right now.',
  done: 'No job has finished yet.',
};

function JobDetail({ job }: { job: JobItem }) {
  const retry = useRetryJob({
    onSuccess: (retried) =>
      toast({
        title: 'Job queued again',
        description: `${jobLabel(retried)} (#${retried.id}) will run now.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Job not retried', description: error.message, variant: 'destructive' }),
  });
  return (
    <article aria-label={`Job ${job.id}`} className="grid gap-3">
      <h2 className="text-lg font-bold text-ink">
        {jobLabel(job)} <span className="text-muted">#{job.id}</span>
      </h2>
      <dl className="grid grid-cols-[7rem_1fr] gap-1 text-sm">
        <dt className="text-muted">Status</dt>
        <dd>{statusLabels[job.status]}</dd>
        <dt className="text-muted">Tries</dt>
        <dd>
          {job.attempts} of {job.maxAttempts}
        </dd>
        <dt className="text-muted">Queued</dt>
        <dd>{formatDateTime(job.createdAt)}</dd>
        <dt className="text-muted">{job.status === 'queued' ? 'Runs at' : 'Last change'}</dt>
        <dd>{formatDateTime(job.status === 'queued' ? job.runAt : job.updatedAt)}</dd>
        <dt className="text-muted">About</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere]">
          {Object.entries(job.payload)
            .map(([key, value]) => `${key}: ${String(value)}`)
            .join(', ')}
        </dd>
        {job.lastError && (
          <>
            <dt className="text-muted">Last error</dt>
            <dd className="[overflow-wrap:anywhere] text-red-700">{job.lastError}</dd>
          </>
        )}
      </dl>
      {job.status === 'failed' && (
        <div>
          <Button size="sm" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
            Try again
          </Button>
        </div>
      )}
    </article>
  );
}

export function JobsPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<JobStatus>('failed');
  const [selected, setSelected] = useState<number | null>(null);
  const query = useJobs(page, status);
  return (
    <>
      <StatusFilter
        id="job-status"
        className="mb-4"
        withAll={false}
        value={status}
        statuses={jobStatuses}
        label={(value) => statusLabels[value]}
        onChange={(next) => {
          if (!next) return;
          setStatus(next);
          setPage(1);
          setSelected(null);
        }}
      />
      <QueryState query={query} label="the jobs">
        {(data) => {
          const chosen = data.items.find((job) => job.id === selected);
          return data.items.length === 0 ? (
            <EmptyState title={`No ${statusLabels[status].toLowerCase()} jobs`}>
              {emptyText[status]}
            </EmptyState>
          ) : (
            <ListWithDetail
              items={data.items}
              selectedId={selected}
              onSelect={setSelected}
              title={(job) => `${jobLabel(job)} #${job.id}`}
              meta={(job) =>
                `${statusLabels[job.status]} · try ${job.attempts} of ${job.maxAttempts} · ${formatDateTime(job.updatedAt)}`
              }
              paging={data}
              onPage={setPage}
              detail={chosen && <JobDetail job={chosen} />}
              placeholder="Choose a job to see what happened."
            />
          );
        }}
      </QueryState>
    </>
  );
}
