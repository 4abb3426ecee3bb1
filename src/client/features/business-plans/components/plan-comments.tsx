import { formatDateTime } from '#shared/dates.ts';
import type { CommentTarget, PlanComment } from '#shared/business-plans.schemas.ts';

/** Our writers' comments on one section of a plan, oldest first. */
export function PlanComments({
  comments,
  target,
}: {
  comments: PlanComment[];
  target: CommentTarget;
}) {
  const here = comments.filter((c) => c.section === target);
  if (here.length === 0) return null;
  return (
    <section aria-label="Comments from our writers" className="grid gap-3">
      <h3 className="text-lg font-bold text-ink">Comments from our writers</h3>
      <ul className="grid gap-3">
        {here.map((comment) => (
          <li key={comment.id} className="rounded-2xl border border-brand-700/30 bg-brand-50 p-4">
            <p className="text-sm text-muted">
              <span className="font-semibold text-ink">{comment.authorName}</span> ·{' '}
              {formatDateTime(comment.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-line text-ink">{comment.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
