import { useState } from 'react';
import { useParams } from 'wouter';
import type { AdminPlan, CommentTarget } from '#shared/business-plans.schemas.ts';
import { paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useCommentOnPlan } from '../api/comment-on-plan.ts';
import { useDeliverPlan } from '../api/deliver-plan.ts';
import { paidPlanDocumentUrl, savePaidPlan, usePaidPlan } from '../api/get-paid-plan.ts';
import { PlanBuilder } from '../components/plan-builder.tsx';
import { PlanComments } from '../components/plan-comments.tsx';

/** Comments on one section, and the form to add one (the customer is e-mailed). */
function SectionComments({ plan, target }: { plan: AdminPlan; target: CommentTarget }) {
  const [comments, setComments] = useState(plan.comments);
  const [message, setMessage] = useState('');
  const comment = useCommentOnPlan({
    onSuccess: (saved) => {
      setComments(saved.comments);
      setMessage('');
      toast({
        title: 'Comment sent',
        description: 'The customer has been e-mailed.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Comment not sent', description: error.message, variant: 'destructive' }),
  });
  return (
    <div className="grid gap-4">
      <PlanComments comments={comments} target={target} />
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          comment.mutate({ id: plan.id, comment: { section: target, message } });
        }}
      >
        <TextareaField
          id={`comment-${target}`}
          label="Comment for the customer on this section"
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div>
          <Button
            type="submit"
            variant="outline"
            disabled={comment.isPending || message.trim().length < 2}
          >
            Send comment
          </Button>
        </div>
      </form>
    </div>
  );
}

function DeliverButton({ plan }: { plan: AdminPlan }) {
  const [delivered, setDelivered] = useState(plan.status === 'delivered');
  const deliver = useDeliverPlan({
    onSuccess: () => {
      setDelivered(true);
      toast({
        title: 'Plan delivered',
        description: 'The customer has been e-mailed the link to the PDF.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Plan not delivered', description: error.message, variant: 'destructive' }),
  });
  if (delivered) return <p className="text-sm font-semibold text-brand-700">Delivered</p>;
  return (
    <Button disabled={deliver.isPending} onClick={() => deliver.mutate(plan.id)}>
      Mark delivered
    </Button>
  );
}

/** /admin/business-plans/{id}: our writers edit a paid plan, comment on sections and deliver it. */
export function AdminPlanPage() {
  const { id = '' } = useParams<{ id: string }>();
  const plan = usePaidPlan(id);
  return (
    <QueryState query={plan} label="the business plan">
      {(data) => (
        <>
          <p className="mb-4 text-sm [overflow-wrap:anywhere] text-muted">
            For {data.customerName} ({data.customerEmail})
            {data.orderReference ? ` · order ${data.orderReference}` : ''}. Edits save as you type;
            the customer sees them in their plan.
          </p>
          <PlanBuilder
            key={data.id}
            plan={data}
            save={(update) => savePaidPlan({ id: data.id, update })}
            back={{ href: paths.adminBusinessPlans, label: 'All paid business plans' }}
            actions={
              <>
                <PdfLink href={paidPlanDocumentUrl(data.id, 'pdf')} label="Download PDF" />
                <PdfLink href={paidPlanDocumentUrl(data.id, 'docx')} label="Download Word" />
                <DeliverButton plan={data} />
              </>
            }
            aside={(target) => <SectionComments plan={data} target={target} />}
          />
        </>
      )}
    </QueryState>
  );
}
