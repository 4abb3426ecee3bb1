import { useState } from 'react';
import { useParams } from 'wouter';
import type { Plan } from '#shared/business-plans.schemas.ts';
import { paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { planDocumentUrl, useMyPlan } from '../api/get-my-plan.ts';
import { useMyPlans } from '../api/get-my-plans.ts';
import { useImportIntoPlan } from '../api/import-into-plan.ts';
import { savePlan } from '../api/save-plan.ts';
import { PlanBuilder } from '../components/plan-builder.tsx';
import { PlanComments } from '../components/plan-comments.tsx';
import { SharePlan } from '../components/share-plan.tsx';

/** On a paid plan still with our writers: start it from a plan the customer began themselves. */
function BringInPlan({ plan }: { plan: Plan }) {
  const plans = useMyPlans();
  const others = (plans.data ?? []).filter((p) => p.id !== plan.id && !p.packageName);
  const [fromId, setFromId] = useState('');
  const bring = useImportIntoPlan({
    // The builder holds its own copy: reload it with what was brought in.
    onSuccess: () => window.location.reload(),
    onError: (error) =>
      toast({ title: 'Plan not brought in', description: error.message, variant: 'destructive' }),
  });
  if (others.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (fromId) bring.mutate({ id: plan.id, body: { fromId } });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="bring-in">Start from one of your plans</Label>
        <Select id="bring-in" value={fromId} onChange={(e) => setFromId(e.target.value)}>
          <option value="">Choose a plan</option>
          {others.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={!fromId || bring.isPending}>
        Bring it in
      </Button>
    </form>
  );
}

/** /user/business-plans/{id}: the guided builder of one of the customer's plans. */
export function PlanBuilderPage() {
  const { id = '' } = useParams<{ id: string }>();
  const plan = useMyPlan(id);
  return (
    <QueryState query={plan} label="the business plan">
      {(data) => (
        <PlanBuilder
          key={data.id}
          plan={data}
          save={(update) => savePlan({ id: data.id, update })}
          back={{ href: paths.userBusinessPlans, label: 'All business plans' }}
          actions={
            <>
              {data.status === 'in_review' && <BringInPlan plan={data} />}
              <PdfLink href={planDocumentUrl(data.id, 'pdf')} label="Download PDF" />
              <PdfLink href={planDocumentUrl(data.id, 'docx')} label="Download Word" />
              <SharePlan plan={data} />
            </>
          }
          aside={(target) => <PlanComments comments={data.comments} target={target} />}
        />
      )}
    </QueryState>
  );
}
