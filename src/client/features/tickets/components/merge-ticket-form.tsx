import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { adminTicketPath } from '#shared/routes.ts';
import { ticketMergeSchema, type TicketMergeInput } from '#shared/ticket-merge.schemas.ts';
import type { AdminTicket } from '#shared/tickets.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useMergeTicket } from '../api/merge-ticket.ts';

/** "Merged into T-…" on a ticket that was merged, with the way to where its messages went. */
export function MergedNotice({ ticket }: { ticket: AdminTicket }) {
  if (!ticket.mergedInto) return null;
  return (
    <p className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-ink">
      Merged into{' '}
      <Link
        href={adminTicketPath(ticket.mergedInto)}
        className="font-mono font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {ticket.mergedInto}
      </Link>
      : its messages and files are there now.
    </p>
  );
}

/** The API's refusal: under the field when it is about the other ticket, else above the button. */
function issuesOf(error: Error): { path: string; message: string }[] {
  const body = error instanceof ApiRequestError ? error.body : null;
  return body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)
    ? (body.issues as { path: string; message: string }[])
    : [];
}

/**
 * Moves this ticket's whole conversation into another of the same customer's tickets, then
 * opens that one. It cannot be undone, so the merge asks once more before it is made.
 */
export function MergeTicketForm({ ticket }: { ticket: AdminTicket }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const form = useForm<TicketMergeInput>({
    resolver: zodResolver(ticketMergeSchema),
    defaultValues: { into: '' },
  });
  const merge = useMergeTicket({
    onSuccess: (target) => {
      toast({
        title: `Merged into ${target.reference}`,
        description: `${ticket.reference} is closed; its messages and files are here now.`,
        variant: 'success',
      });
      navigate(adminTicketPath(target.reference));
    },
    onError: (error) => {
      setConfirming(null);
      const issues = issuesOf(error).filter((issue) => issue.path === 'into');
      if (issues.length > 0) form.setError('into', { message: issues[0]!.message });
      else form.setError('root.server', { message: error.message });
    },
  });
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  if (ticket.mergedInto) return null;
  const formError = form.formState.errors.root?.server?.message;
  return (
    <form
      noValidate
      aria-labelledby="merge-ticket-title"
      className="grid gap-3"
      onSubmit={form.handleSubmit(({ into }) => {
        if (into === ticket.reference) {
          form.setError('into', { message: 'A ticket cannot be merged into itself' });
          return;
        }
        setConfirming(into);
      })}
    >
      <h3 id="merge-ticket-title" className="font-bold text-ink">
        Merge into another ticket
      </h3>
      <FormField
        id="merge-into"
        label="The other ticket's reference"
        placeholder="T-7KQ2MX"
        autoComplete="off"
        spellCheck={false}
        hint="Same customer only. Every message, file and reply link moves there; this ticket closes."
        error={form.formState.errors.into?.message}
        readOnly={confirming !== null}
        {...form.register('into', { onChange: () => setConfirming(null) })}
      />
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      {confirming ? (
        <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-ink">
            Merge {ticket.reference} into {confirming}? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={confirmButton}
              type="button"
              variant="destructive"
              disabled={merge.isPending}
              onClick={() =>
                merge.mutate({ reference: ticket.reference, merge: { into: confirming } })
              }
            >
              {merge.isPending ? 'Merging…' : `Merge into ${confirming}`}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={merge.isPending}
              onClick={() => {
                setConfirming(null);
                form.setFocus('into');
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button type="submit" variant="outline">
            Merge…
          </Button>
        </div>
      )}
    </form>
  );
}
