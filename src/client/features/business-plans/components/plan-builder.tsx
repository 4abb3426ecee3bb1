import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Check, Circle } from 'lucide-react';
import { assumptionsGuide, planSectionGuide } from '#shared/business-plan-guide.ts';
import { projectPlan } from '#shared/business-plan-projections.ts';
import {
  planSections,
  type CommentTarget,
  type Plan,
  type PlanSection,
} from '#shared/business-plans.schemas.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { AssumptionsEditor } from './assumptions-editor.tsx';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { ProjectionView } from './projection-view.tsx';
import { useAutosavePlan, type SavePlan, type SaveState } from '../use-autosave-plan.ts';

type Step = PlanSection | 'financials';
const steps: Step[] = [...planSections, 'financials'];
const stepTitle = (step: Step) =>
  step === 'financials' ? assumptionsGuide.title : planSectionGuide[step].title;

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saved'
      ? state.at
        ? `All changes saved (${formatDateTime(state.at)})`
        : 'All changes saved'
      : state.kind === 'pending' || state.kind === 'saving'
        ? 'Saving…'
        : state.kind === 'offline'
          ? 'Not connected: your changes are kept on this device and saved when the connection is back.'
          : state.message;
  return (
    <p
      role="status"
      className={cn(
        'text-sm',
        state.kind === 'conflict' || state.kind === 'refused'
          ? 'font-semibold text-red-700'
          : 'text-muted',
      )}
    >
      {text}
      {state.kind === 'conflict' && (
        <>
          {' '}
          <Button size="sm" variant="link" onClick={() => window.location.reload()}>
            Reload the plan
          </Button>
        </>
      )}
    </p>
  );
}

/**
 * The guided builder over one plan: sections with prompts and examples, the financial
 * assumptions with their projection, progress and autosave. The customer's page and the back
 * office each give it their own save call, back link, actions and what shows under a section.
 */
export function PlanBuilder({
  plan,
  save,
  back,
  actions,
  aside,
}: {
  plan: Plan;
  save: SavePlan;
  back: { href: string; label: string };
  actions: ReactNode;
  aside: (target: CommentTarget) => ReactNode;
}) {
  const { draft, update, state } = useAutosavePlan(plan, save);
  const [step, setStep] = useState<Step>('executiveSummary');
  const projection = useMemo(() => projectPlan(draft.assumptions), [draft.assumptions]);
  const done = (s: Step) =>
    s === 'financials'
      ? draft.assumptions.products.some((p) => p.unitPriceCents > 0 && p.unitsPerMonth > 0)
      : draft.sections[s].trim() !== '';
  const completed = steps.filter(done).length;
  const index = steps.indexOf(step);

  return (
    <>
      <p className="text-sm">
        <Link href={back.href} className="font-semibold text-brand-700 hover:underline">
          ← {back.label}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold [overflow-wrap:anywhere] text-ink">
            {draft.name}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <PlanStatusBadge status={plan.status} />
            {plan.packageName && (
              <span className="text-sm text-muted">
                {plan.packageName}
                {plan.deliveredAt ? ` · delivered ${formatDateTime(plan.deliveredAt)}` : ''}
              </span>
            )}
            <SaveStatus state={state} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">{actions}</div>
      </div>

      <div className="mt-4">
        <div className="flex justify-between text-sm text-muted">
          <span id="plan-progress-label">
            {completed} of {steps.length} steps done
          </span>
        </div>
        {/* A bar of our own: a native <progress> is drawn by each browser its own way, and one
            at 0 of 7 read as full. */}
        <div
          role="progressbar"
          aria-labelledby="plan-progress-label"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={completed}
          className="mt-1 h-2 w-full overflow-hidden rounded-full bg-gray-200"
        >
          <div
            className="h-full rounded-full bg-brand-700 transition-[width]"
            style={{ width: `${(completed / steps.length) * 100}%` }}
          />
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Plan sections">
          <ol className="grid gap-1">
            {steps.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  aria-current={s === step ? 'step' : undefined}
                  onClick={() => setStep(s)}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:outline-none',
                    s === step
                      ? 'bg-brand-50 font-semibold text-brand-700'
                      : 'text-ink hover:bg-surface',
                  )}
                >
                  {done(s) ? (
                    <Check className="size-4 shrink-0 text-brand-700" aria-label="done" />
                  ) : (
                    <Circle className="size-4 shrink-0 text-muted" aria-label="to do" />
                  )}
                  {stepTitle(s)}
                </button>
              </li>
            ))}
          </ol>
        </nav>

        <div className="grid min-w-0 content-start gap-6">
          {step === 'executiveSummary' && (
            <Card className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="plan-name"
                label="Name of the plan"
                value={draft.name}
                maxLength={120}
                onChange={(e) => update((d) => ({ ...d, name: e.target.value }))}
              />
              <FormField
                id="business-name"
                label="Business name"
                value={draft.businessName}
                maxLength={120}
                hint="On the cover of the PDF."
                onChange={(e) => update((d) => ({ ...d, businessName: e.target.value }))}
              />
            </Card>
          )}
          {step === 'financials' ? (
            <>
              <Card>
                <h2 className="text-2xl font-bold text-ink">{assumptionsGuide.title}</h2>
                <p className="mt-1 text-muted">{assumptionsGuide.intro}</p>
                <div className="mt-4">
                  <AssumptionsEditor
                    value={draft.assumptions}
                    onChange={(assumptions) => update((d) => ({ ...d, assumptions }))}
                  />
                </div>
              </Card>
              {aside('financials')}
              <Card>
                <h2 className="text-2xl font-bold text-ink">The 36-month projection</h2>
                <div className="mt-4">
                  <ProjectionView projection={projection} assumptions={draft.assumptions} />
                </div>
              </Card>
            </>
          ) : (
            <>
              <SectionEditor
                section={step}
                text={draft.sections[step]}
                onChange={(text) =>
                  update((d) => ({ ...d, sections: { ...d.sections, [step]: text } }))
                }
              />
              {aside(step)}
            </>
          )}
          <div className="flex flex-wrap justify-between gap-3">
            <Button
              variant="outline"
              disabled={index === 0}
              onClick={() => setStep(steps[index - 1]!)}
            >
              Previous: {index > 0 ? stepTitle(steps[index - 1]!) : 'none'}
            </Button>
            {index < steps.length - 1 && (
              <Button onClick={() => setStep(steps[index + 1]!)}>
                Next: {stepTitle(steps[index + 1]!)}
              </Button>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

function SectionEditor({
  section,
  text,
  onChange,
}: {
  section: PlanSection;
  text: string;
  onChange: (text: string) => void;
}) {
  const guide = planSectionGuide[section];
  return (
    <Card>
      <h2 className="text-2xl font-bold text-ink">{guide.title}</h2>
      <p className="mt-1 text-muted">{guide.intro}</p>
      <h3 className="mt-4 text-sm font-bold text-ink">Answer these</h3>
      <ul className="mt-1 list-disc pl-5 text-sm text-muted">
        {guide.prompts.map((prompt) => (
          <li key={prompt}>{prompt}</li>
        ))}
      </ul>
      <details className="mt-3 rounded-xl bg-surface p-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">See an example</summary>
        <p className="mt-2 text-ink">{guide.example}</p>
      </details>
      <div className="mt-4">
        <TextareaField
          id={`section-${section}`}
          label={guide.title}
          rows={14}
          value={text}
          maxLength={20_000}
          hint={`${text.length.toLocaleString('en-ZA')} of 20 000 characters`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </Card>
  );
}
