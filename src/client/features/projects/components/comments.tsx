import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime } from '#shared/dates.ts';
import {
  projectCommentInputSchema,
  type ProjectComment,
  type ProjectCommentInput,
} from '#shared/projects.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';

/** A project's comments, oldest first; `viewer` says whose side is "you". */
export function Comments({
  comments,
  viewer,
}: {
  comments: ProjectComment[];
  viewer: 'customer' | 'staff';
}) {
  if (comments.length === 0) return <p className="text-sm text-muted">No comments yet.</p>;
  return (
    <ol aria-label="Comments" className="grid gap-3">
      {comments.map((comment) => {
        const mine = comment.author === viewer;
        const who =
          comment.author === 'staff'
            ? viewer === 'staff'
              ? comment.authorName
              : `${comment.authorName} (Project team)`
            : viewer === 'customer'
              ? 'You'
              : comment.authorName;
        return (
          <li key={comment.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`Comment from ${who}`}
              className={cn(
                'w-full max-w-2xl rounded-2xl border p-4 sm:w-[85%]',
                mine ? 'border-brand-200 bg-brand-50' : 'border-line bg-white',
              )}
            >
              <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold text-ink">{who}</span>
                <time className="text-muted" dateTime={comment.createdAt}>
                  {formatDateTime(comment.createdAt)}
                </time>
              </header>
              <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere] text-ink">
                {comment.body}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** A comment under the list; `send` resolves once it is stored. */
export function CommentForm({
  send,
  busy,
  label,
  hint,
}: {
  send: (comment: ProjectCommentInput) => Promise<unknown>;
  busy: boolean;
  label: string;
  hint?: string;
}) {
  const form = useForm<ProjectCommentInput>({
    resolver: zodResolver(projectCommentInputSchema),
    defaultValues: { message: '' },
  });
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={form.handleSubmit(async (comment) => {
        try {
          await send(comment);
          form.reset({ message: '' });
        } catch (error) {
          showFieldIssues(error as Error, form.setError, 'Comment not sent');
        }
      })}
    >
      <TextareaField
        id="project-comment"
        label={label}
        rows={4}
        hint={hint}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send comment'}
        </Button>
      </div>
    </form>
  );
}
