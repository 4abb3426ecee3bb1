import { Link } from 'wouter';
import { BookOpen, ChartLine, FileCheck, Receipt, Users } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { PackageCards } from '../components/package-cards.tsx';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';

const services = [
  {
    icon: BookOpen,
    title: 'Bookkeeping',
    text: 'Bank feeds, supplier invoices and sales captured and reconciled every month in Xero, Sage Business Cloud or QuickBooks.',
  },
  {
    icon: ChartLine,
    title: 'Management accounts',
    text: 'A monthly income statement, balance sheet and cash-flow summary with a short note on what changed and why.',
  },
  {
    icon: Receipt,
    title: 'VAT201 returns',
    text: 'Output and input VAT reconciled to your records, with every VAT201 prepared and submitted on eFiling before the deadline.',
  },
  {
    icon: Users,
    title: 'Payroll and EMP201',
    text: 'Payslips, PAYE, UIF and SDL calculated each month, the EMP201 submitted, and IRP5 certificates issued with the EMP501 reconciliations.',
  },
  {
    icon: FileCheck,
    title: 'Annual financial statements',
    text: 'Statements compiled under IFRS for SMEs, or prepared for independent review where your public interest score requires it, plus the ITR14 tax return.',
  },
];

const deadlines = [
  {
    item: 'EMP201 (PAYE, UIF and SDL)',
    due: 'By the 7th of the following month, or the last business day before it',
  },
  {
    item: 'VAT201',
    due: 'By the last business day of the month after each VAT period when filed on eFiling',
  },
  {
    item: 'Provisional tax (IRP6)',
    due: 'Within six months of the start of your financial year, and again by year-end',
  },
  {
    item: 'EMP501 reconciliation',
    due: 'Twice a year: the interim in October and the annual by the end of May',
  },
  {
    item: 'Company income tax (ITR14)',
    due: 'Within 12 months of your financial year-end',
  },
  {
    item: 'CIPC annual return',
    due: 'Within 30 business days after the anniversary of your registration date',
  },
];

const monthlyCycle = [
  {
    day: 'By the 5th',
    text: 'You upload last month’s slips and invoices, or forward them by e-mail.',
  },
  {
    day: 'By the 7th',
    text: 'Last month’s EMP201 is submitted and paid; payslips go out before your payday.',
  },
  { day: 'By the 15th', text: 'Bank accounts are reconciled and queries sent to you in one list.' },
  { day: 'By the 20th', text: 'Your management accounts arrive in your inbox.' },
];

export function FinancialManagementPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Financial management"
        title="Books, VAT and payroll handled, every month, on time"
        lead={`${site.siteName} keeps your records SARS-ready and shows you where the money goes, so you can spend your time running the business.`}
      >
        <Button asChild size="lg">
          <Link href={paths.requestService}>Get a monthly quote</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.contact}>Talk to us</Link>
        </Button>
      </PageHeader>

      <Section static title="What we take care of">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map(({ icon: Icon, title, text }) => (
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
        title="Monthly packages"
        intro={`${vat.pricesNote} Month-to-month with one calendar month’s notice; no long contracts.`}
      >
        <PackageCards serviceSlug="financial-management" />
      </Section>

      <Section
        static
        title="The deadlines we watch for you"
        intro="Late returns attract SARS penalties and interest. These are the dates built into our calendar for every client."
      >
        <dl className="divide-y divide-line rounded-2xl border border-line">
          {deadlines.map((deadline) => (
            <div key={deadline.item} className="grid gap-1 p-4 sm:grid-cols-3 sm:gap-4">
              <dt className="font-semibold text-ink">{deadline.item}</dt>
              <dd className="text-muted sm:col-span-2">{deadline.due}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section static title="Your month with us">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {monthlyCycle.map((step) => (
            <li key={step.day} className="rounded-2xl bg-surface p-6">
              <h3 className="text-lg font-bold text-brand-700">{step.day}</h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section>
        <ServiceRequestForm
          id="request"
          title="Get a quote for your books"
          serviceType="financial_management"
          messageLabel="Tell us about your business and what you need help with"
          questions={[
            {
              key: 'transactions',
              label: 'Transactions a month',
              options: ['Under 100', '100 to 250', '250 to 400', 'More than 400'],
            },
            { key: 'vat', label: 'Registered for VAT?', options: ['Yes', 'No', 'Not sure'] },
          ]}
        />
      </Section>

      <Section static>
        <CtaBanner
          title="Behind on your books or returns?"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.requestService}>Request a quote</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.serviceBuilder}>Build a package</Link>
              </Button>
            </>
          }
        >
          We catch up outstanding months and returns at a fixed price, then keep you up to date.
          Tell us where things stand and we quote within one business day.
        </CtaBanner>
      </Section>
    </>
  );
}
