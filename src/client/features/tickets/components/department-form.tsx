import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  departmentUpdateSchema,
  type DepartmentUpdateInput,
  type SupportDepartment,
  type SupportDepartments,
} from '#shared/ticket-desk.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FieldError } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useUpdateSupportDepartment } from '../api/update-support-department.ts';
import { departmentAlerts } from './department-alerts.ts';

type DepartmentUpdateValues = z.output<typeof departmentUpdateSchema>;

const checkbox = 'size-4 accent-brand-700';

/** Changes a department's name, address, alerts and staff: owners only (the server checks too). */
export function DepartmentForm({
  department,
  administrators,
  onDone,
}: {
  department: SupportDepartment;
  administrators: SupportDepartments['administrators'];
  onDone: () => void;
}) {
  const form = useForm<DepartmentUpdateInput, unknown, DepartmentUpdateValues>({
    resolver: zodResolver(departmentUpdateSchema),
    defaultValues: {
      name: department.name,
      email: department.email ?? '',
      alertNewTicket: department.alertNewTicket,
      alertCustomerReply: department.alertCustomerReply,
      alertBreach: department.alertBreach,
      staffIds: department.staff.map((person) => person.id),
    },
  });
  const errors = form.formState.errors;
  const save = useUpdateSupportDepartment({
    onSuccess: (saved) => {
      toast({ title: 'Department saved', description: saved.name, variant: 'success' });
      onDone();
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Department not saved'),
  });
  // The form replaces the card it edits: taking the focus keeps the keyboard user in place.
  useEffect(() => form.setFocus('name'), [form]);
  const prefix = `department-${department.id}`;

  return (
    <form
      noValidate
      aria-labelledby={`${prefix}-form-title`}
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) =>
        // The schema turns '' into null; the route takes '' for "no address".
        save.mutate({ id: department.id, change: { ...values, email: values.email ?? '' } }),
      )}
    >
      <h2 id={`${prefix}-form-title`} className="text-lg font-bold text-ink">
        Change {department.name}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${prefix}-name`}
          label="Name"
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          id={`${prefix}-email`}
          label="Address (optional)"
          type="email"
          autoComplete="off"
          hint="Alerts go to its staff; to this address when it has none. Empty: the company address."
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-ink">Alerts</legend>
        {departmentAlerts.map((alert) => (
          <label
            key={alert.field}
            className="flex items-start gap-2 text-sm font-semibold text-ink"
          >
            <input
              type="checkbox"
              className={`${checkbox} mt-0.5`}
              aria-describedby={`${prefix}-${alert.field}-hint`}
              {...form.register(alert.field)}
            />
            <span>
              {alert.label}
              <span id={`${prefix}-${alert.field}-hint`} className="block font-normal text-muted">
                {alert.meaning}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <Controller
        control={form.control}
        name="staffIds"
        render={({ field }) => (
          <fieldset className="grid gap-2" aria-describedby={`${prefix}-staff-hint`}>
            <legend className="text-sm font-semibold text-ink">Staff</legend>
            <p id={`${prefix}-staff-hint`} className="text-sm text-muted">
              Its alerts go to these administrators (those not disabled).
            </p>
            {administrators.length === 0 ? (
              <p className="text-sm text-muted">No administrator can be added.</p>
            ) : (
              <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3">
                {administrators.map((person) => (
                  <label
                    key={person.id}
                    className="flex items-center gap-2 text-sm [overflow-wrap:anywhere] text-ink"
                  >
                    <input
                      type="checkbox"
                      className={checkbox}
                      name={field.name}
                      value={person.id}
                      checked={field.value.includes(person.id)}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, person.id]
                            : field.value.filter((id) => id !== person.id),
                        )
                      }
                    />
                    {person.name}
                  </label>
                ))}
              </div>
            )}
            <FieldError id={`${prefix}-staff-error`} message={errors.staffIds?.message} />
          </fieldset>
        )}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save department'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
