import { Link } from 'wouter';
import { Check, Handshake, Landmark, Lightbulb, Rocket, TrendingUp } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { PackageCards } from '../components/package-cards.tsx';
import { site, vat } from '../../../lib/site.ts';

const audiences = [
  {
    icon: Landmark,
    title: 'Bank loans and asset finance',
    text: 'Plans that answer what a credit committee asks: how much you need, what it pays for and how the repayments are covered.',
  },
  {
    icon: Handshake,
    title: 'Development funders',
    text: 'Plans set out the way applications to SEFA, the NEF, the NYDA and the IDC expect, including job creation and B-BBEE ownership.',
  },
  {
    icon: Rocket,
    title: 'Investors and partners',
    text: 'A clear growth story with a pitch deck, realistic unit economics and a use-of-funds breakdown.',
  },
  {
    icon: Lightbulb,
    title: 'Your own planning',
    text: 'A lean plan that tests whether the idea works on paper before you resign or sign a lease.',
  },
];

const contents = [
  'Executive summary that fits on one page',
  'Business description, ownership and legal structure',
  'Market analysis using Stats SA and industry data for your area',
  'Competitor review and your pricing position',
  'Marketing and sales plan with realistic customer numbers',
  'Operations plan: premises, suppliers, staff and equipment',
  'Management team, skills and B-BBEE ownership',
  'Risks, including load-shedding and supplier dependence, with mitigations',
  'Projected income statement, balance sheet and cash flow',
  'Break-even analysis and funding requirement with use of funds',
  'An assumptions sheet: prime rate, inflation, VAT at 15% and salary increases',
];

const planSteps = [
  {
    title: 'Discovery call',
    text: 'A 60-minute video or phone call about your business, your goals and who will read the plan.',
  },
  {
    title: 'Questionnaire and documents',
    text: 'You complete a short questionnaire and send supplier quotes, CVs and, if you trade already, recent bank statements.',
  },
  {
    title: 'Research and first draft',
    text: 'We research your market, build the financial model and write the first draft.',
  },
  {
    title: 'Review and final version',
    text: 'You comment, we revise, and you receive the plan as Word and PDF files with the Excel model.',
  },
];

export function BusinessPlanPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Business plans"
        title="Business plans that banks, funders and investors take seriously"
        lead={`${site.siteName} writes plans for the South African market, with research on your area and financial projections in rand that add up.`}
      >
        <Button asChild size="lg">
          <Link href={paths.requestService}>Request a business plan</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.userBusinessPlans}>Build your own plan, free</Link>
        </Button>
      </PageHeader>

      <Section static title="Who our plans are for">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <CardTitle className="mt-4">{title}</CardTitle>
                <CardDescription className="mt-2">{text}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        static
        title="What goes into a bank-ready plan"
        intro="Every section is written for your business; we do not fill in templates."
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {contents.map((item) => (
            <li key={item} className="flex gap-2 text-muted">
              <Check className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Packages and prices"
        intro={`Fixed prices in rand${vat.included}, paid in full by card when you order. Your plan opens in your account at once: add what you know, follow our comments section by section, and download the final PDF.`}
      >
        <PackageCards serviceSlug="business-plan" />
      </Section>

      <Section static title="How we write your plan">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {planSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-surface p-6">
              <p className="text-sm font-bold text-brand-700">Step {index + 1}</p>
              <h3 className="mt-1 text-lg font-bold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section static title="An honest word about funding">
        <div className="flex gap-4 rounded-2xl border border-line p-6">
          <TrendingUp className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
          <p className="text-muted">
            Nobody can promise that a bank or funder will approve your application, and you should
            be wary of anyone who does. What we promise is a plan whose numbers hold up under
            questioning, written so that you can explain every figure in it yourself.
          </p>
        </div>
      </Section>

      <Section>
        <ServiceRequestForm
          id="request"
          title="Talk to us about your plan"
          serviceType="business_plan"
          messageLabel="What is the plan for, and where is the business now?"
          questions={[
            {
              key: 'purpose',
              label: 'What is the plan for?',
              options: [
                'Bank loan',
                'Investors',
                'Grant or DFI funding (NEF, SEFA, NYDA)',
                'Our own planning',
              ],
            },
            {
              key: 'stage',
              label: 'Stage of the business',
              options: ['Idea', 'Trading under a year', 'Trading for years'],
            },
          ]}
        />
      </Section>

      <Section static>
        <CtaBanner
          title="Ready to put your plan on paper?"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.requestService}>Request a plan</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.contact}>Ask a question</Link>
              </Button>
            </>
          }
        >
          Tell us what the plan is for and when you need it. We reply within one business day to
          book your discovery call.
        </CtaBanner>
      </Section>
    </>
  );
}
