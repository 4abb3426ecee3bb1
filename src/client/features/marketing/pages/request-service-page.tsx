import { Link } from 'wouter';
import {
  Building2,
  Calculator,
  FileText,
  Gauge,
  Globe,
  Mail,
  MessageSquare,
  Smartphone,
} from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { site, vat } from '../../../lib/site.ts';

const services = [
  {
    icon: FileText,
    title: 'Business plan',
    text: 'Bank- and investor-ready plans with three-year projections in rand.',
    href: paths.businessPlan,
    cta: 'About business plans',
  },
  {
    icon: Building2,
    title: 'Company registration',
    text: 'Your (Pty) Ltd registered with CIPC and set up with SARS.',
    href: paths.businessRegistration,
    cta: 'About company registration',
  },
  {
    icon: Calculator,
    title: 'Financial management',
    text: 'Bookkeeping, VAT returns, payroll and management accounts every month.',
    href: paths.financialManagement,
    cta: 'About financial management',
  },
  {
    icon: Globe,
    title: 'Custom website',
    text: 'A website or online shop designed and built around your business.',
    href: paths.buildWebsite,
    cta: 'About custom websites',
  },
  {
    icon: Smartphone,
    title: 'Mobile app',
    text: 'Android and iPhone apps, designed, built and published to the stores.',
    href: paths.mobileApp,
    cta: 'About mobile apps',
  },
  {
    icon: Gauge,
    title: 'Website speed report',
    text: 'A Lighthouse speed report with fixes in plain language, in about a minute.',
    href: paths.speedOptimization,
    cta: 'About the speed report',
  },
];

const request = [
  'The service or services you need',
  'Your business name and, if you have one, your CIPC registration number',
  'What you want to achieve and by when, for example a bank loan application date',
  'Your budget range, if you already have one in mind',
  'The best phone number and time to reach you',
];

const nextSteps = [
  {
    title: 'We reply within one business day',
    text: 'A consultant confirms what you need and asks any questions, by e-mail or phone.',
  },
  {
    title: 'You receive a fixed quote',
    text: `Every quote is in rand${vat.included} and lists exactly what is delivered and when.`,
  },
  {
    title: 'You accept and pay securely',
    text: 'Pay by card through PayFast, or a deposit for larger projects, and we start straight away.',
  },
];

export function RequestServicePage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Request a service"
        title="Tell us what your business needs"
        lead={`Ask ${site.siteName} for any of our services, or a combination, and receive a fixed quote in rand within one business day.`}
      >
        <Button asChild size="lg">
          <a href={`mailto:${site.contactEmail}`}>
            <Mail aria-hidden="true" />
            E-mail your request
          </a>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.contact}>Go to the contact page</Link>
        </Button>
      </PageHeader>

      <Section static title="Services you can request">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map(({ icon: Icon, title, text, href, cta }) => (
            <li key={title}>
              <Card className="flex h-full flex-col">
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <CardTitle className="mt-4">{title}</CardTitle>
                <CardDescription className="mt-2 flex-1">{text}</CardDescription>
                <Link
                  href={href}
                  className="mt-4 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {cta}
                </Link>
              </Card>
            </li>
          ))}
          <li>
            <Card className="h-full">
              <MessageSquare className="size-8 text-brand-700" aria-hidden="true" />
              <CardTitle className="mt-4">Custom e-mail</CardTitle>
              <CardDescription className="mt-2">
                Professional addresses such as info@yourbusiness.co.za, set up on your domain with
                spam filtering and access on your phone.
              </CardDescription>
            </Card>
          </li>
        </ul>
      </Section>

      <Section static title="How to request a service" intro="Send us a short e-mail that covers:">
        <ul className="list-disc space-y-2 pl-6 text-muted">
          {request.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>

      <Section static title="What happens next">
        <ol className="grid gap-6 md:grid-cols-3">
          {nextSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-surface p-5">
              <span
                className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-bold text-ink">{step.title}</h3>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-muted">
          Prefer to talk first? E-mail{' '}
          <a
            href={`mailto:${site.contactEmail}`}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            {site.contactEmail}
          </a>{' '}
          or use our{' '}
          <Link
            href={paths.contact}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            contact page
          </Link>
          .
        </p>
      </Section>
      <Section>
        <ServiceRequestForm
          id="request"
          title="Request a service"
          messageLabel="What can we help you with?"
          questions={[
            {
              key: 'timeline',
              label: 'When do you need it?',
              options: ['As soon as possible', 'In 1 to 3 months', 'Just exploring'],
            },
          ]}
        />
      </Section>
    </>
  );
}
