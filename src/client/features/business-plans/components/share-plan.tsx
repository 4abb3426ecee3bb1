import { useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import type { Plan } from '#shared/business-plans.schemas.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useSharePlan, useStopSharingPlan } from '../api/share-plan.ts';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/**
 * A read-only link to the plan for a funder or an accountant: shown once when made (only its
 * hash is kept), replaced by a new one, or stopped.
 */
export function SharePlan({ plan }: { plan: Plan }) {
  const [sharedAt, setSharedAt] = useState(plan.sharedAt);
  const [url, setUrl] = useState<string | null>(null);
  const share = useSharePlan({
    onSuccess: (made) => {
      setUrl(made.url);
      setSharedAt(made.sharedAt);
    },
    onError: failed('No link made'),
  });
  const stop = useStopSharingPlan({
    onSuccess: () => {
      setUrl(null);
      setSharedAt(null);
      toast({ title: 'Sharing stopped', description: 'The link no longer opens the plan.' });
    },
    onError: failed('Sharing not stopped'),
  });
  return (
    <section aria-labelledby="share-plan-title" className="grid gap-2 text-sm">
      <h2 id="share-plan-title" className="font-semibold text-ink">
        Share a read-only copy
      </h2>
      {url ? (
        <div className="grid gap-2">
          <p className="text-muted">
            Anyone with this link can read the plan and download its PDF, without an account. Copy
            it now: it is shown only once.
          </p>
          <div className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded-md bg-surface px-2 py-1 text-ink">
              {url}
            </code>
            <CopyButton value={url} what="The link" />
          </div>
        </div>
      ) : (
        <p className="text-muted">
          {sharedAt
            ? `A link made on ${formatDate(sharedAt)} opens this plan. A new link replaces it.`
            : 'Give a funder or your accountant a link to read the plan, as it stands, without an account.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={share.isPending}
          onClick={() => share.mutate(plan.id)}
        >
          {sharedAt ? 'Make a new link' : 'Make a link'}
        </Button>
        {sharedAt && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="ghost" size="sm" disabled={stop.isPending}>
                Stop sharing
              </Button>
            }
            title="Stop sharing this plan?"
            confirmLabel="Stop sharing"
            pending={stop.isPending}
            onConfirm={() => stop.mutate(plan.id)}
          >
            The link stops opening the plan at once. You can make a new one at any time.
          </ConfirmDialog>
        )}
      </div>
    </section>
  );
}
