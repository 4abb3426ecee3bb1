import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '#shared/dates.ts';
import {
  newPlanInputSchema,
  type NewPlanInput,
  type PlanSummary,
} from '#shared/business-plans.schemas.ts';
import { businessPlanPath, paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useMyPlans } from '../api/get-my-plans.ts';
import { planDocumentUrl } from '../api/get-my-plan.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { useCopyPlan } from '../api/copy-plan.ts';
import { useDeletePlan } from '../api/delete-plan.ts';
import { PlanStatusBadge } from '../components/plan-status-badge.tsx';

/** /user/business-plans: the customer's plans, and a new one started by name. */
export function BusinessPlansPage() {
  const plans = useMyPlans();
  const [, navigate] = useLocation();
  const form = useForm<NewPlanInput>({
    resolver: zodResolver(newPlanInputSchema),
    defaultValues: { name: '' },
  });
  const create = useCreatePlan({
    onSuccess: (plan) => navigate(businessPlanPath(plan.id)),
    onError: (error) => showFieldIssues(error, form.setError, 'Plan not created'),
  });
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Business plans</h1>
      <p className="mt-1 max-w-3xl text-muted">
        Write your plan section by section with prompts and examples for South African small
        businesses. The builder works out 36 months of profit, tax, VAT and cash in rand, and makes
        a PDF you can take to a bank or a funder.
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="my-plans">
          <h2 id="my-plans" className="text-xl font-bold text-ink">
            My plans
          </h2>
          <div className="mt-3">
            {plans.isPending ? (
              <Spinner label="Loading your business plans" />
            ) : plans.isError ? (
              <p role="alert">We could not load your business plans: {plans.error.message}</p>
            ) : plans.data.length === 0 ? (
              <p className="text-muted">
                No plans yet. Give your first one a name and the builder opens.
              </p>
            ) : (
              <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
                {plans.data.map((plan) => (
                  <PlanRow key={plan.id} plan={plan} />
                ))}
              </ul>
            )}
          </div>
        </section>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="text-xl font-bold text-ink">Start a plan</h2>
            <form
              noValidate
              className="mt-4 grid gap-4"
              onSubmit={form.handleSubmit((input) => create.mutate(input))}
            >
              <FormField
                id="plan-name"
                label="Name of the plan"
                placeholder="e.g. Loan application 2027"
                error={form.formState.errors.name?.message}
                {...form.register('name')}
              />
              <div>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating…' : 'Create plan'}
                </Button>
              </div>
            </form>
          </Card>
          <Card tone="surface">
            <h2 className="text-lg font-bold text-ink">Rather have it written for you?</h2>
            <p className="mt-2 text-sm text-muted">
              Our writers research your market and prepare a bank-ready plan with you.
            </p>
            <Link
              href={paths.businessPlan}
              className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
            >
              Business plan packages
            </Link>
          </Card>
        </div>
      </div>
    </>
  );
}

function PlanRow({ plan }: { plan: PlanSummary }) {
  const [confirming, setConfirming] = useState(false);
  const copy = useCopyPlan({
    onSuccess: (copied) =>
      toast({
        title: 'Plan copied',
        description: `“${copied.name}” is ready.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Plan not copied', description: error.message, variant: 'destructive' }),
  });
  const remove = useDeletePlan({
    onSuccess: () => toast({ title: 'Plan deleted', description: `“${plan.name}” is gone.` }),
    onError: (error) => {
      setConfirming(false);
      toast({ title: 'Plan not deleted', description: error.message, variant: 'destructive' });
    },
  });
  return (
    <li className="grid gap-2 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          href={businessPlanPath(plan.id)}
          className="min-w-0 font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
        >
          {plan.name}
        </Link>
        <PlanStatusBadge status={plan.status} />
      </div>
      <p className="text-sm text-muted">
        {plan.businessName ? `${plan.businessName} · ` : ''}
        {plan.completedSteps} of {plan.totalSteps} steps · changed {formatDate(plan.updatedAt)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <PdfLink href={planDocumentUrl(plan.id, 'pdf')} label="Download PDF" />
        <PdfLink href={planDocumentUrl(plan.id, 'docx')} label="Download Word" />
        <Button
          size="sm"
          variant="outline"
          disabled={copy.isPending}
          onClick={() => copy.mutate(plan.id)}
        >
          Duplicate
        </Button>
        {confirming ? (
          <>
            <Button
              size="sm"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(plan.id)}
            >
              Delete “{plan.name}”
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
