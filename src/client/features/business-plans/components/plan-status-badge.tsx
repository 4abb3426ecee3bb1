import { planStatusLabels, type PlanStatus } from '#shared/business-plans.schemas.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';

const tone: Record<PlanStatus, string> = {
  draft: 'draft',
  in_review: 'in_progress',
  delivered: 'completed',
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return <StatusBadge status={tone[status]}>{planStatusLabels[status]}</StatusBadge>;
}
