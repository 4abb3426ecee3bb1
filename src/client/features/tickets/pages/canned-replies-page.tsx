import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { CannedReply } from '#shared/canned-replies.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { departmentLabels } from '#shared/ticket-desk.schemas.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useCannedReplies } from '../api/get-canned-replies.ts';
import { useDeleteCannedReply } from '../api/delete-canned-reply.ts';
import { CannedReplyForm } from '../components/canned-reply-form.tsx';
import { BackToTickets } from '../components/back-to-tickets.tsx';

function DeleteButton({ reply }: { reply: CannedReply }) {
  const remove = useDeleteCannedReply({
    onSuccess: (deleted) =>
      toast({ title: 'Canned reply deleted', description: deleted.title, variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Not deleted', description: error.message, variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete ${reply.title}`}
          disabled={remove.isPending}
        >
          Delete
        </Button>
      }
      title={`Delete “${reply.title}”?`}
      confirmLabel="Delete the reply"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(reply.id)}
    >
      Nobody can insert it any more. Replies already sent with it are not changed.
    </ConfirmDialog>
  );
}

/**
 * /admin/support-tickets/canned-replies: the answers the team gives often. Every administrator
 * writes them; on a ticket they are offered beside the reply box, the ticket's department's first.
 */
export function CannedRepliesPage() {
  const query = useCannedReplies();
  // The reply being changed, `null` for a new one; undefined while no form is open.
  const [editing, setEditing] = useState<CannedReply | null | undefined>(undefined);
  return (
    <div className="grid gap-6">
      <BackToTickets className="justify-self-start" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">
          On a ticket, “Insert a canned reply” adds one of these to the reply box with the
          placeholders filled in. A reply for one department is offered first on its tickets.
        </p>
        {editing === undefined && (
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" />
            New canned reply
          </Button>
        )}
      </div>
      {editing !== undefined && (
        <Card padding="tight" className="sm:p-6">
          <CannedReplyForm
            key={editing?.id ?? 'new'}
            reply={editing}
            onDone={() => setEditing(undefined)}
          />
        </Card>
      )}
      <QueryState query={query} label="the canned replies">
        {(replies) =>
          replies.length === 0 ? (
            <EmptyState title="No canned replies yet">Create one with New canned reply.</EmptyState>
          ) : (
            <ul aria-label="Canned replies" className="grid gap-4">
              {replies.map((reply) => (
                <li key={reply.id}>
                  <Card padding="tight" className="grid gap-3 sm:p-5">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <h2 className="font-bold [overflow-wrap:anywhere] text-ink">
                          {reply.title}
                        </h2>
                        <p className="text-sm text-muted">
                          {reply.departmentId
                            ? `${departmentLabels[reply.departmentId]} tickets`
                            : 'Every department'}{' '}
                          · changed {formatDate(reply.updatedAt)}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Change ${reply.title}`}
                          onClick={() => setEditing(reply)}
                        >
                          Change
                        </Button>
                        <DeleteButton reply={reply} />
                      </div>
                    </div>
                    <p className="line-clamp-4 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-ink">
                      {reply.body}
                    </p>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
