import { useState } from 'react';
import { Link } from 'wouter';
import { Building2, Check, FileText, Landmark, Receipt, Scale, Users } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { FaqList } from '../components/faq-list.tsx';
import { PackageCards } from '../components/package-cards.tsx';
import { BusinessRegistrationForm } from '../components/business-registration-form.tsx';
import { sentences } from '#shared/vat-wording.ts';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';

const registrations = [
  {
    icon: FileText,
    title: 'CIPC name reservation',
    text: 'We check up to four names in your order of preference and reserve the first one CIPC approves. The CIPC fee is R 50 per application of one to four names, and a reserved name stays valid for six months.',
  },
  {
    icon: Building2,
    title: 'Private company, (Pty) Ltd',
    text: 'We lodge the incorporation with CIPC, naming at least one director and the incorporators who found the company and sign the Memorandum of Incorporation.',
  },
  {
    icon: Scale,
    title: 'Memorandum of Incorporation',
    text: 'Most owner-managed companies use the CIPC standard MOI. If you have partners or investors, we explain when a customised MOI with share-transfer rules is worth it.',
  },
  {
    icon: Landmark,
    title: 'SARS income tax',
    text: 'SARS issues the company’s income tax number automatically after CIPC registration. We activate eFiling, register the public officer and set up your provisional-tax dates.',
  },
  {
    icon: Receipt,
    title: 'VAT registration',
    text: 'VAT registration is compulsory once taxable supplies exceed R2.3 million in any 12-month period. You may register voluntarily once they exceed R120 000, which lets you claim input VAT.',
  },
  {
    icon: Users,
    title: 'PAYE, UIF and SDL',
    text: 'Before your first payroll we register the company as an employer for PAYE and UIF, and for the Skills Development Levy once annual payroll is expected to exceed R500 000.',
  },
];

const steps = [
  {
    title: 'You send us your details',
    time: 'Day 1',
    text: 'Up to four names, the directors’ and shareholders’ details and your ID copies, by e-mail or through your account.',
  },
  {
    title: 'Name reservation at CIPC',
    time: '1 to 3 business days',
    text: 'CIPC checks the names against existing companies and trademarks; we resubmit straight away if all four are rejected.',
  },
  {
    title: 'Incorporation and MOI',
    time: '2 to 7 business days',
    text: 'Directors confirm their appointment, and CIPC issues the registration certificate (CoR 14.3).',
  },
  {
    title: 'SARS income tax and eFiling',
    time: '1 to 3 business days',
    text: 'We confirm the tax number, activate eFiling and register the public officer for the company.',
  },
  {
    title: 'VAT and employer registrations',
    time: '10 to 21 business days',
    text: 'SARS may ask to verify documents for VAT; we prepare and upload them and follow up until the numbers are issued.',
  },
];

const requirements = [
  'A clear copy of the smart ID card (both sides), green ID book or passport of every director and incorporator',
  'Residential address of every director, and the company’s registered office address',
  'An e-mail address and cellphone number for every director',
  'Up to four company names in order of preference',
  'The financial year-end you want (most small companies choose the end of February)',
  'The number of shares and who will hold them',
  'For VAT: a bank confirmation letter for the business account and proof of turnover, such as invoices or signed contracts',
];

const faqs = [
  {
    question: 'Can a foreign national be a director of a South African company?',
    answer:
      'Yes. The Companies Act does not require directors to live in South Africa; a valid passport is enough for CIPC. Opening a bank account is easier with at least one South African resident director.',
  },
  {
    question: 'Do I have to register for VAT straight away?',
    answer:
      'Only if you expect taxable supplies above R2.3 million in the next 12 months. From R120 000 you may register voluntarily, which helps if most of your clients are VAT vendors themselves.',
  },
  {
    question: 'How long is a reserved name valid?',
    answer:
      'Six months from approval. If the company is not registered by then, the name lapses and anyone may reserve it.',
  },
  {
    question: 'What do I have to do every year after registration?',
    answer:
      'File the CIPC annual return within 30 business days after the anniversary of registration, submit two provisional-tax returns (IRP6) and the company income tax return (ITR14), and keep beneficial-ownership details current.',
  },
  {
    question: 'Can I register the company name as a domain at the same time?',
    answer:
      'Yes, and it is a good idea: a matching .co.za domain protects your brand. Search for it on our domain page before you settle on a name.',
  },
];

export function BusinessRegistrationPage() {
  const [packageId, setPackageId] = useState('registration-basic-company');
  return (
    <>
      <PageHeader
        static
        eyebrow="Company registration"
        title="Register your (Pty) Ltd with CIPC and get set up with SARS"
        lead={`${site.siteName} handles the name reservation, the incorporation, and your income tax, VAT and employer registrations, so you can open a bank account and start trading.`}
      >
        <Button asChild size="lg">
          <Link href={paths.requestService}>Register my company</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.buyDomain}>Check a domain name</Link>
        </Button>
      </PageHeader>

      <Section
        static
        title="What we register for you"
        intro="From the first name search to your tax numbers, one team handles CIPC and SARS for you."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {registrations.map(({ icon: Icon, title, text }) => (
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
        title="How it works and how long it takes"
        intro="A company is usually registered within two weeks; with VAT and PAYE, allow four to six weeks. CIPC and SARS processing times vary, and we keep you updated at every step."
      >
        <ol className="space-y-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl bg-surface p-5">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-ink">{step.title}</h3>
                <p className="text-sm font-semibold text-brand-700">{step.time}</p>
                <p className="mt-1 text-sm text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section static title="What you need to have ready">
        <ul className="grid gap-3 sm:grid-cols-2">
          {requirements.map((item) => (
            <li key={item} className="flex gap-2 text-muted">
              <Check className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Packages"
        intro={sentences(
          'Fixed prices that include the CIPC fees.',
          vat.pricesInclude,
          'Pay securely by card through PayFast.',
        )}
      >
        <PackageCards
          serviceSlug="business-registration"
          onChoose={(pkg) => {
            setPackageId(pkg.id);
            document.getElementById('order')?.scrollIntoView({ behavior: 'smooth' });
          }}
        />
      </Section>

      <Section>
        <BusinessRegistrationForm packageId={packageId} />
      </Section>

      <Section static title="Questions about company registration">
        <FaqList items={faqs} />
        <p className="mt-6 text-muted">
          More answers are on our{' '}
          <Link
            href={paths.faq}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            frequently asked questions
          </Link>{' '}
          page.
        </p>
      </Section>

      <Section static>
        <CtaBanner
          title="Start trading with a registered company"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.requestService}>Request registration</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.serviceBuilder}>Build a package</Link>
              </Button>
            </>
          }
        >
          Add a business plan or a website to your registration and receive one quote and one{' '}
          {vat.invoiceNoun}.
        </CtaBanner>
      </Section>
    </>
  );
}
