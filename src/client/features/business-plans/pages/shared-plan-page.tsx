import { useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import { planSectionGuide } from '#shared/business-plan-guide.ts';
import { projectPlan } from '#shared/business-plan-projections.ts';
import { planSections } from '#shared/business-plans.schemas.ts';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { sharedPlanDocumentUrl, useSharedPlan } from '../api/share-plan.ts';
import { ProjectionView } from '../components/projection-view.tsx';

/**
 * /plans/shared?token=…: a business plan its owner shared, read-only, for whoever has the link
 * (a funder, an accountant): the written sections, the projection and the PDF.
 */
export function SharedPlanPage() {
  const [token] = useState(tokenFromUrl);
  const plan = useSharedPlan(token);
  if (!token || plan.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10" role="alert">
        <h1 className="text-3xl font-extrabold text-ink">This link does not open a plan</h1>
        <p className="mt-2 text-muted">
          {plan.error?.message ??
            'The link is not complete: copy the whole of it into your browser.'}{' '}
          Ask the plan’s owner for a new link.
        </p>
      </div>
    );
  }
  if (plan.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Spinner label="Loading the business plan" />
      </div>
    );
  }
  const data = plan.data;
  const written = planSections.filter((section) => data.sections[section]?.trim());
  return (
    <article className="mx-auto grid max-w-5xl gap-8 px-4 py-10">
      <header className="grid gap-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Business plan · read-only
        </p>
        <h1 className="text-3xl font-extrabold [overflow-wrap:anywhere] text-ink">{data.name}</h1>
        <p className="text-muted">
          {data.businessName && `${data.businessName} · `}As it stood on{' '}
          {formatDate(data.updatedAt)}
        </p>
        <PdfLink href={sharedPlanDocumentUrl(token, 'pdf')} label="Download the plan (PDF)" />
        <PdfLink href={sharedPlanDocumentUrl(token, 'docx')} label="Download the plan (Word)" />
      </header>
      {written.length === 0 ? (
        <p className="text-muted">The written sections are still empty.</p>
      ) : (
        written.map((section) => (
          <section key={section} aria-labelledby={`shared-${section}`} className="grid gap-2">
            <h2 id={`shared-${section}`} className="text-xl font-bold text-ink">
              {planSectionGuide[section].title}
            </h2>
            <p className="[overflow-wrap:anywhere] whitespace-pre-wrap text-ink">
              {data.sections[section]}
            </p>
          </section>
        ))
      )}
      <section aria-labelledby="shared-financials" className="grid gap-3">
        <h2 id="shared-financials" className="text-xl font-bold text-ink">
          Financial projections
        </h2>
        <ProjectionView projection={projectPlan(data.assumptions)} assumptions={data.assumptions} />
      </section>
    </article>
  );
}
