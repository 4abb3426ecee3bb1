import { useForm } from 'react-hook-form';
import {
  dunningKindLabels,
  type DunningKind,
  type DunningPolicy,
} from '#shared/dunning.schemas.ts';
import { formatDateTime } from '#shared/dates.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useDunningPolicies } from '../api/get-dunning-policies.ts';
import { useSaveDunningPolicy } from '../api/save-dunning-policy.ts';

/** How each kind's case starts, so the owner knows what the days count from. */
const dueDateOf: Record<DunningKind, string> = {
  monthly:
    'Days count from the day PayFast reports a failed monthly charge. PayFast tries the card again by itself; our steps are the mails, suspension and the end.',
  domain:
    'Days count from the domain’s expiry. The renewal invoice goes 14 days before it; reminders before the expiry are added to it.',
  yearly:
    'Days count from the end of the paid year (compliance care). The renewal invoice goes 30 days before it; reminders before the end are added to it.',
};

/** A renewal is invoiced ahead of its due date, so it can be reminded of before; a monthly charge cannot. */
const remindsBefore = (kind: DunningKind) => kind !== 'monthly';

interface Values {
  reminderDays: string;
  retryDays: string;
  graceDays: string;
  suspendDays: string;
  cancelDays: string;
}

const dayList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);

function PolicyForm({ policy }: { policy: DunningPolicy }) {
  const form = useForm<Values>({
    defaultValues: {
      reminderDays: policy.reminderDays.join(', '),
      retryDays: policy.retryDays.join(', '),
      graceDays: String(policy.graceDays),
      suspendDays: String(policy.suspendDays),
      cancelDays: String(policy.cancelDays),
    },
  });
  const save = useSaveDunningPolicy({
    onSuccess: (saved) =>
      toast({
        title: 'Policy saved',
        description: `${dunningKindLabels[saved.kind]}: new cases follow it; open ones keep their dates.`,
        variant: 'success',
      }),
    onError: (error) => showFieldIssues(error, form.setError, 'Policy not saved'),
  });
  const id = (field: keyof Values) => `dunning-${policy.kind}-${field}`;
  const errors = form.formState.errors;
  return (
    <form
      className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
      aria-labelledby={`dunning-${policy.kind}-title`}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          kind: policy.kind,
          values: {
            reminderDays: remindsBefore(policy.kind) ? dayList(values.reminderDays) : [],
            retryDays: dayList(values.retryDays),
            graceDays: Number(values.graceDays),
            suspendDays: Number(values.suspendDays),
            cancelDays: Number(values.cancelDays),
          },
        }),
      )}
    >
      <div>
        <h2 id={`dunning-${policy.kind}-title`} className="text-lg font-bold text-ink">
          {dunningKindLabels[policy.kind]}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{dueDateOf[policy.kind]}</p>
        <p className="mt-1 text-xs text-muted">
          {policy.updatedBy && policy.updatedAt
            ? `Set by ${policy.updatedBy} on ${formatDateTime(policy.updatedAt)}`
            : 'The defaults: no owner has changed them yet.'}
        </p>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {remindsBefore(policy.kind) && (
          <FormField
            id={id('reminderDays')}
            label="Reminders before the due date (days)"
            hint="Separated by commas, e.g. 14, 3."
            error={errors.reminderDays?.message}
            inputMode="numeric"
            {...form.register('reminderDays')}
          />
        )}
        <FormField
          id={id('retryDays')}
          label="Reminders to pay after it (days)"
          hint="Separated by commas, before the final notice."
          error={errors.retryDays?.message}
          inputMode="numeric"
          {...form.register('retryDays')}
        />
        <FormField
          id={id('graceDays')}
          label="Grace days: final notice after"
          error={errors.graceDays?.message}
          inputMode="numeric"
          {...form.register('graceDays')}
        />
        <FormField
          id={id('suspendDays')}
          label={policy.kind === 'domain' ? 'Not renewed after (days)' : 'Suspended after (days)'}
          error={errors.suspendDays?.message}
          inputMode="numeric"
          {...form.register('suspendDays')}
        />
        <FormField
          id={id('cancelDays')}
          label="Cancelled after (days)"
          error={errors.cancelDays?.message}
          inputMode="numeric"
          {...form.register('cancelDays')}
        />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save {dunningKindLabels[policy.kind].toLowerCase()}
        </Button>
      </div>
    </form>
  );
}

/**
 * The owners' dunning policy (issue 30 §2): per kind of service, the reminders, grace days,
 * final notice, suspension and cancellation each past-due case follows. Changes are audited.
 */
export function DunningPolicyPage() {
  const query = useDunningPolicies();
  return (
    <QueryState query={query} label="the dunning policy">
      {(data) => (
        <div className="grid gap-6">
          <p className="max-w-2xl text-sm text-muted">
            Every mail carries the amount and a link to pay. A payment at any step closes the case
            and restores the service. Paid reports and plans keep their access whatever happens.
          </p>
          {data.items.map((policy) => (
            <PolicyForm key={policy.kind} policy={policy} />
          ))}
        </div>
      )}
    </QueryState>
  );
}
