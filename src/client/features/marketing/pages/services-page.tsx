import { Link } from 'wouter';
import {
  Building2,
  Calculator,
  Check,
  Code,
  FileText,
  Globe,
  LayoutTemplate,
  Mail,
  Smartphone,
  Zap,
} from 'lucide-react';
import { paths } from '#shared/routes.ts';
import type { LiveCatalogue } from '#shared/catalogue.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { PackageCards } from '../components/package-cards.tsx';
import { site, vat } from '../../../lib/site.ts';
import { priceText, useCatalogue } from '../../../lib/catalogue.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';

const services = [
  {
    icon: LayoutTemplate,
    title: 'Buy a ready-made website',
    text: 'Fixed-price Starter, Business and Online Shop packages, designed for your brand and live within 5 to 14 business days.',
    price: (c: LiveCatalogue) =>
      priceText(c.lowestPriceCents('buy-website'), (price) => `from ${price}${vat.incl}`),
    href: paths.buyWebsite,
    cta: 'Compare website packages',
  },
  {
    icon: Code,
    title: 'Custom website build',
    text: 'A website designed and developed around how your business works: bookings, quotes, member areas or integrations.',
    price: (c: LiveCatalogue) =>
      priceText(c.lowestPriceCents('build-website'), (price) => `from ${price}${vat.incl}`),
    href: paths.buildWebsite,
    cta: 'How a custom build works',
  },
  {
    icon: FileText,
    title: 'Business plans',
    text: 'Bank-ready and investor-ready plans with market research and three-year financial projections in rand.',
    price: (c: LiveCatalogue) =>
      priceText(c.lowestPriceCents('business-plan'), (price) => `from ${price}${vat.incl}`),
    href: paths.businessPlan,
    cta: 'Explore business plans',
  },
  {
    icon: Building2,
    title: 'Company registration (CIPC + SARS)',
    text: 'Name reservation, (Pty) Ltd registration with CIPC, and income tax, VAT and PAYE/UIF set up with SARS.',
    price: (c: LiveCatalogue) =>
      priceText(c.lowestPriceCents('business-registration'), (price) => `from ${price}${vat.incl}`),
    href: paths.businessRegistration,
    cta: 'Register your company',
  },
  {
    icon: Calculator,
    title: 'Financial management',
    text: 'Monthly bookkeeping, management accounts, VAT201 returns, payroll with EMP201, and annual financial statements.',
    price: (c: LiveCatalogue) =>
      priceText(
        c.lowestPriceCents('financial-management', 'monthly'),
        (price) => `from ${price} per month${vat.incl}`,
      ),
    href: paths.financialManagement,
    cta: 'See finance packages',
  },
  {
    icon: Smartphone,
    title: 'Mobile apps',
    text: 'Android and iPhone apps that run well on entry-level phones and keep working when the signal drops.',
    price: (c: LiveCatalogue) =>
      priceText(c.lowestPriceCents('mobile-app'), (price) => `from ${price}${vat.incl}`),
    href: paths.mobileApp,
    cta: 'Plan your mobile app',
  },
  {
    icon: Zap,
    title: '60-second speed report',
    text: 'A Lighthouse report on your website’s speed with Core Web Vitals and the fixes that matter most, in plain language.',
    price: (c: LiveCatalogue) =>
      priceText(c.priceCentsOf('speed-report'), (price) => `${price}${vat.incl} per report`),
    href: paths.speedOptimization,
    cta: 'Get a speed report',
  },
  {
    icon: Globe,
    title: 'Domain names',
    text: 'Search and register .co.za, .com, .africa, .joburg and other domains, with renewals handled for you.',
    price: () => 'price shown per extension when you search',
    href: paths.buyDomain,
    cta: 'Search for a domain',
  },
];

const emailFeatures = [
  `Addresses on your own domain, such as accounts@${site.exampleHost}`,
  '10 GB of storage per mailbox, upgradeable to 50 GB',
  'Works in Outlook, Apple Mail, the Gmail app and in your browser',
  'Spam and virus filtering on every incoming message',
  'SPF, DKIM and DMARC records set up so your mail reaches the inbox',
  'Shared calendars and contacts for your team',
  'Set-up on your phones and laptops by our team, included in the price',
];

const emailPrices = [
  {
    label: 'Per mailbox',
    price: (c: LiveCatalogue) =>
      priceText(c.priceCentsOf('email-single'), (price) => `${price} per month${vat.incl}`),
  },
  {
    label: 'Moving an existing mailbox',
    price: (c: LiveCatalogue) =>
      priceText(
        c.priceCentsOf('email-migration'),
        (price) => `${price} once-off per mailbox${vat.incl}`,
      ),
  },
];

export function ServicesPage() {
  const catalogue = useCatalogue();
  return (
    <>
      <PageHeader
        static
        eyebrow="Services"
        title="Everything a South African business needs, under one roof"
        lead={`${site.siteName} registers your company, writes your business plan, keeps your books and gets you online. Every price is in rand. ${vat.pricesNote}`}
      >
        <Button asChild size="lg">
          <Link href={paths.serviceBuilder}>Build your package</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.requestService}>Request a service</Link>
        </Button>
      </PageHeader>

      <Section
        static
        title="Our services"
        intro={`Choose one service, or combine several in the service builder and receive one quote and one ${vat.invoiceNoun}.`}
      >
        {/* Eight services: rows of two, then of four, so no row is left with a gap. */}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ icon: Icon, title, text, price, href, cta }) => (
            <li key={title}>
              <Card className="flex h-full flex-col">
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <CardTitle className="mt-4">{title}</CardTitle>
                <CardDescription className="mt-2 flex-1">{text}</CardDescription>
                <p className="mt-4 text-sm font-semibold text-ink">{price(catalogue)}</p>
                <Link
                  href={href}
                  className="mt-3 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {cta}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Custom e-mail for your business"
        intro="A professional address on your own domain builds trust with customers, suppliers and banks far more than a free webmail address."
      >
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <div className="flex items-center gap-3">
              <Mail className="size-8 text-brand-700" aria-hidden="true" />
              <h3 className="text-lg font-bold text-ink">What is included</h3>
            </div>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {emailFeatures.map((feature) => (
                <li key={feature} className="flex gap-2 text-sm text-muted">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <span className="break-words">{feature}</span>
                </li>
              ))}
            </ul>
          </Card>
          <Card tone="surface" className="flex flex-col">
            <h3 className="text-lg font-bold text-ink">Pricing</h3>
            <dl className="mt-4 flex-1 space-y-3 text-sm">
              {emailPrices.map((item) => (
                <div key={item.label}>
                  <dt className="font-semibold text-ink">{item.label}</dt>
                  <dd className="text-muted">{item.price(catalogue)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-muted">
              You need a domain name first; we can register one for you at the same time.
            </p>
            <Button asChild className="mt-4">
              <a href="#email-request">Ask about custom e-mail</a>
            </Button>
          </Card>
        </div>
        <div className="mt-8">
          <PackageCards serviceSlug="custom-email" />
        </div>
      </Section>

      <Section>
        <ServiceRequestForm
          id="email-request"
          title="Ask about custom e-mail"
          serviceType="custom_email"
          messageLabel="Which domain, how many mailboxes, and do you need old mail moved?"
          questions={[
            {
              key: 'mailboxes',
              label: 'Mailboxes',
              options: ['1', '2 to 5', '6 to 20', 'More than 20'],
            },
          ]}
        />
      </Section>

      <Section static>
        <CtaBanner
          title="Not sure where to start?"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.contact}>Talk to us</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.faq}>Read the FAQ</Link>
              </Button>
            </>
          }
        >
          Tell us what your business does and where you want it to be in a year. We will recommend
          the services you actually need, and nothing you do not.
        </CtaBanner>
      </Section>
    </>
  );
}
