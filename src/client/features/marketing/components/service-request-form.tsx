import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CircleCheck } from 'lucide-react';
import type { ServiceRequestCreated, ServiceRequestInput } from '#shared/requests.schemas.ts';
import { serviceTypeLabels, type ServiceType } from '#shared/service-types.ts';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useCreateServiceRequest } from '../api/create-service-request.ts';

const resolver = lazyZodResolver(() =>
  import('#shared/requests.schemas.ts').then((schemas) => schemas.serviceRequestSchema),
);

export interface RequestQuestion {
  key: string;
  label: string;
  options: string[];
}

/**
 * A request for a quote or a call back (POST /api/service-requests): fixed to one service, or
 * with a choice of service; optional multiple-choice questions are stored as answers.
 */
export function ServiceRequestForm({
  id,
  title,
  serviceType,
  questions = [],
  messageLabel = 'What do you need?',
}: {
  id: string;
  title: string;
  serviceType?: ServiceType;
  questions?: RequestQuestion[];
  messageLabel?: string;
}) {
  const [created, setCreated] = useState<(ServiceRequestCreated & { email: string }) | null>(null);
  const done = useRef<HTMLDivElement>(null);
  const form = useForm<ServiceRequestInput>({
    resolver,
    defaultValues: {
      serviceType: serviceType ?? ('' as ServiceType),
      name: '',
      email: '',
      phone: '',
      company: '',
      message: '',
      answers: Object.fromEntries(questions.map((q) => [q.key, ''])),
      website: '',
    },
  });
  const submit = useCreateServiceRequest({
    onSuccess: (answer, input) => {
      setCreated({ ...answer, email: input.email });
      setTimeout(() => done.current?.focus(), 0);
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Request not sent'),
  });
  const { errors } = form.formState;
  const field = (name: string) => `${id}-${name}`;

  return (
    <Card id={id} className="scroll-mt-24">
      <h2 className="text-2xl font-bold text-ink">{title}</h2>
      {created ? (
        <div ref={done} tabIndex={-1} role="status" className="mt-4 grid gap-3 outline-none">
          <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
          <h3 className="text-lg font-bold text-ink">Request received</h3>
          <p>
            Your reference is <strong className="font-mono text-ink">{created.reference}</strong>.
          </p>
          <p className="text-muted [overflow-wrap:anywhere]">
            We have e-mailed a confirmation to {created.email}. A consultant will contact you within
            one business day to confirm the scope and a fixed price.
          </p>
        </div>
      ) : (
        <form
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2"
          onFocus={resolver.preload}
          onSubmit={form.handleSubmit((input) => submit.mutate(input))}
        >
          {!serviceType && (
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={field('service')}>Service</Label>
              <Select
                id={field('service')}
                aria-invalid={errors.serviceType ? true : undefined}
                aria-describedby={errors.serviceType ? `${field('service')}-error` : undefined}
                {...form.register('serviceType')}
              >
                <option value="">Choose a service</option>
                {Object.entries(serviceTypeLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
              <FieldError id={`${field('service')}-error`} message={errors.serviceType?.message} />
            </div>
          )}
          <FormField
            id={field('name')}
            label="Your name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <FormField
            id={field('email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            id={field('phone')}
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <FormField
            id={field('company')}
            label="Business name (optional)"
            autoComplete="organization"
            error={errors.company?.message}
            {...form.register('company')}
          />
          {questions.map((question) => (
            <div key={question.key} className="grid gap-1.5">
              <Label htmlFor={field(question.key)}>{question.label}</Label>
              <Select id={field(question.key)} {...form.register(`answers.${question.key}`)}>
                <option value="">Not sure yet</option>
                {question.options.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </Select>
            </div>
          ))}
          <div className="sm:col-span-2">
            <TextareaField
              id={field('message')}
              label={messageLabel}
              rows={5}
              error={errors.message?.message}
              {...form.register('message')}
            />
          </div>
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={field('website')}>Leave this field empty</label>
            <input
              id={field('website')}
              tabIndex={-1}
              autoComplete="off"
              {...form.register('website')}
            />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Sending…' : 'Send request'}
            </Button>
            <p className="mt-2 text-xs text-muted">
              We use your details only to answer this request. See our privacy policy.
            </p>
          </div>
        </form>
      )}
    </Card>
  );
}
