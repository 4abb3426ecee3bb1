import { formatDate } from '#shared/dates.ts';
import { projectStageLabels, projectStages, type ProjectStage } from '#shared/projects.schemas.ts';
import { cn } from '../../../lib/cn.ts';

/** The six stages in order, done ones ticked, the current one marked, each with its due date. */
export function StageProgress({
  stage,
  dueDates,
  compact = false,
}: {
  stage: ProjectStage;
  dueDates: Partial<Record<ProjectStage, string>>;
  /** Three columns at most (beside a side column). */
  compact?: boolean;
}) {
  const current = projectStages.indexOf(stage);
  return (
    <ol
      aria-label="Project stages"
      className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3', !compact && 'lg:grid-cols-6')}
    >
      {projectStages.map((step, index) => {
        const done = index < current || stage === 'live';
        const now = index === current && stage !== 'live';
        return (
          <li
            key={step}
            aria-current={index === current ? 'step' : undefined}
            className={cn(
              'rounded-xl border p-3 text-sm',
              now
                ? 'border-brand-500 bg-brand-50'
                : done
                  ? 'border-green-200 bg-green-50'
                  : 'border-line bg-white',
            )}
          >
            <p className="font-semibold text-ink">
              {done ? '✓ ' : ''}
              {projectStageLabels[step]}
            </p>
            <p className="text-muted">
              {now ? 'Now · ' : done ? 'Done · ' : ''}
              {dueDates[step] ? `due ${formatDate(dueDates[step])}` : 'no date yet'}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
