import { Link } from 'wouter';
import { Calculator, CreditCard, ListChecks, Plus } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { site } from '../../../lib/site.ts';

const steps = [
  {
    icon: ListChecks,
    title: '1. Choose your services',
    text: 'Pick everything your business needs now, from a company registration to a website and monthly bookkeeping.',
  },
  {
    icon: Calculator,
    title: '2. See the total',
    text: 'Every service shows its price in rand with VAT included, so the total you see is the total you pay.',
  },
  {
    icon: CreditCard,
    title: '3. Confirm and pay',
    text: 'We confirm the scope in writing, then you pay securely by card through PayFast and receive one tax invoice.',
  },
];

const serviceGroups = [
  {
    title: 'Start your business',
    services: [
      {
        name: 'Company registration',
        detail: 'CIPC (Pty) Ltd registration with name reservation and SARS income tax.',
        price: 'from R 999 incl. VAT',
        href: paths.businessRegistration,
      },
      {
        name: 'Business plan',
        detail: 'From a lean 12-month plan to a bank-ready plan with three-year projections.',
        price: 'from R 3 499 incl. VAT',
        href: paths.businessPlan,
      },
    ],
  },
  {
    title: 'Get online',
    services: [
      {
        name: 'Ready-made website',
        detail: 'Starter, Business or Online Shop package, live within 5 to 14 business days.',
        price: 'from R 2 499 incl. VAT',
        href: paths.buyWebsite,
      },
      {
        name: 'Custom website',
        detail: 'Designed and built around your processes, bookings or integrations.',
        price: 'from R 14 999 incl. VAT',
        href: paths.buildWebsite,
      },
      {
        name: 'Custom e-mail',
        detail: 'Mailboxes on your own domain, with spam filtering and set-up included.',
        price: 'from R 59 per mailbox per month incl. VAT',
        href: paths.services,
      },
      {
        name: 'Domain name',
        detail: '.co.za, .com, .africa and more, registered in your name.',
        price: 'priced per extension when you search',
        href: paths.buyDomain,
      },
    ],
  },
  {
    title: 'Run and grow',
    services: [
      {
        name: 'Financial management',
        detail: 'Bookkeeping, VAT201 returns, payroll and management accounts.',
        price: 'from R 1 299 per month incl. VAT',
        href: paths.financialManagement,
      },
      {
        name: 'Mobile app',
        detail: 'Android and iPhone apps for your customers or your team.',
        price: 'from R 49 999 incl. VAT',
        href: paths.mobileApp,
      },
      {
        name: '60-second speed report',
        detail: 'A Lighthouse report with Core Web Vitals and prioritised fixes.',
        price: 'R 199 incl. VAT',
        href: paths.speedOptimization,
      },
    ],
  },
];

const examplePackage = [
  { name: 'Company registration, Basic package', price: 'R 999' },
  { name: 'Business website, Business package', price: 'R 4 999' },
  { name: 'Custom e-mail, 3 mailboxes for the first month', price: 'R 177' },
];

export function ServiceBuilderPage() {
  return (
    <>
      <PageHeader
        eyebrow="Service builder"
        title="Build the package your business needs"
        lead={`Combine any of the ${site.siteName} services and see one total in rand, VAT included. One quote, one tax invoice, one team to call.`}
      >
        <Button asChild size="lg">
          <Link href={paths.contact}>Send us your selection</Link>
        </Button>
      </PageHeader>

      <Section title="How the builder works">
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-surface p-6">
              <Icon className="size-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold text-ink">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        title="Choose from these services"
        intro="Prices are starting prices; the final amount depends on the package you pick, and we confirm it before you pay."
      >
        <div className="space-y-10">
          {serviceGroups.map((group) => (
            <div key={group.title}>
              <h3 className="text-xl font-bold text-ink">{group.title}</h3>
              <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {group.services.map((service) => (
                  <li key={service.name}>
                    <Card className="flex h-full flex-col border-2 border-dashed border-brand-200">
                      <div className="flex items-start justify-between gap-3">
                        <CardTitle className="text-base">{service.name}</CardTitle>
                        <span className="flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-brand-700 text-brand-700">
                          <Plus className="size-4" aria-hidden="true" />
                        </span>
                      </div>
                      <CardDescription className="mt-2 flex-1">{service.detail}</CardDescription>
                      <p className="mt-4 font-semibold text-ink">{service.price}</p>
                      <Link
                        href={service.href}
                        className="mt-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                      >
                        Details: {service.name}
                      </Link>
                    </Card>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section
        title="Example: a new company getting online"
        intro="A typical first package for a founder who wants a registered company, a website and branded e-mail."
      >
        <Card className="max-w-2xl">
          <ul className="divide-y divide-line">
            {examplePackage.map((item) => (
              <li key={item.name} className="flex justify-between gap-4 py-3 text-sm">
                <span className="text-muted">{item.name}</span>
                <span className="font-semibold whitespace-nowrap text-ink">{item.price}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between gap-4 border-t-2 border-ink pt-3">
            <span className="font-bold text-ink">Total incl. VAT</span>
            <span className="font-extrabold whitespace-nowrap text-ink">R 6 175</span>
          </p>
          <p className="mt-2 text-sm text-muted">
            Of this, R 805,43 is VAT at 15%. E-mail then continues at R 177 a month.
          </p>
        </Card>
      </Section>

      <Section>
        <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-3xl font-extrabold">Tell us which services you chose</h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">
            Send us your list and we reply within one business day with the confirmed total and a
            secure card-payment link.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild variant="secondary" size="lg">
              <Link href={paths.contact}>Contact us</Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link href={paths.services}>Compare services</Link>
            </Button>
          </div>
        </div>
      </Section>
    </>
  );
}
