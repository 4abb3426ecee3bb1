import { projectStageLabels, type ProjectStage } from '#shared/projects.schemas.ts';
import { cn } from '../../../lib/cn.ts';

/** A project's stage as a small badge. */
export function StageBadge({ stage }: { stage: ProjectStage }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        stage === 'live'
          ? 'bg-green-100 text-green-900'
          : stage === 'review'
            ? 'bg-amber-100 text-amber-950'
            : 'bg-brand-50 text-brand-800',
      )}
    >
      {projectStageLabels[stage]}
    </span>
  );
}
