import { formatDate } from '#shared/dates.ts';
import {
  registrationStageLabels,
  type RegistrationSummary,
  type RegistrationCase,
} from '#shared/registrations.schemas.ts';
import { cn } from '../../../lib/cn.ts';

/** The stages sold, in order: each done one dated with who did it, the current one marked. */
export function RegistrationStages({
  registration,
}: {
  registration: Pick<RegistrationCase, 'stages' | 'stage' | 'done'>;
}) {
  return (
    <ol aria-label="Registration stages" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {registration.stages.map((step, index) => {
        const done = registration.done[step];
        const now = step === registration.stage;
        return (
          <li
            key={step}
            aria-current={now ? 'step' : undefined}
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
              {done ? '✓ ' : `${index + 1}. `}
              {registrationStageLabels[step]}
            </p>
            <p className="text-muted">
              {done
                ? `Done ${formatDate(done.at)} · ${done.by}`
                : now
                  ? 'Being worked on'
                  : 'Still to come'}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** A case's stage as a small badge. */
export function RegistrationBadge({ registration }: { registration: RegistrationSummary }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        registration.stage ? 'bg-brand-50 text-brand-800' : 'bg-green-100 text-green-900',
      )}
    >
      {registration.stage ? registrationStageLabels[registration.stage] : 'Complete'}
    </span>
  );
}
