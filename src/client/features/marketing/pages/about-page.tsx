import { Link } from 'wouter';
import { HeartHandshake, MessageSquareText, ReceiptText, ShieldCheck } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { site, vat } from '../../../lib/site.ts';

const values = [
  {
    icon: MessageSquareText,
    title: 'Plain language',
    text: 'No jargon. We explain CIPC forms, VAT and web hosting in words that make sense to a busy owner.',
  },
  {
    icon: ReceiptText,
    title: 'Honest pricing',
    text: `Fixed prices in rand${vat.included}, agreed before we start. No surprise invoices.`,
  },
  {
    icon: ShieldCheck,
    title: 'Done properly',
    text: 'Registrations filed correctly, websites that work on any phone, and your information protected under POPIA.',
  },
  {
    icon: HeartHandshake,
    title: 'In it with you',
    text: 'We care whether your business succeeds, and we stay available long after the first invoice is paid.',
  },
];

const steps = [
  {
    title: '1. Tell us what you need',
    text: 'Choose a package in the service builder or e-mail us. We reply within one business day with questions or a fixed quote.',
  },
  {
    title: '2. Pay securely and send your details',
    text: 'Pay by card through PayFast, then send the information we ask for: ID copies, logos, content or financial records.',
  },
  {
    title: '3. We do the work and keep you posted',
    text: 'One contact person handles your order and updates you at each step, from CIPC approval to your website going live.',
  },
  {
    title: '4. You receive everything',
    text: `Certificates, plans, website access and ${vat.invoiceNoun}s are delivered by e-mail and kept in your account.`,
  },
];

export function AboutPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="About us"
        title={`About ${site.siteName}`}
        lead="A Johannesburg team helping South African small businesses start, grow and get online, with one partner for the paperwork and the technology."
      />

      <Section static title="Our mission">
        <div className="max-w-3xl space-y-4 text-muted">
          <p>
            Starting a business in South Africa means dealing with CIPC, SARS, banks, domain
            registries and web developers, often all at once. Our mission is to make that simple:
            one team that registers your company, writes your business plan, builds your website and
            keeps your books in order.
          </p>
          <p>
            We work from Johannesburg with founders, family businesses and growing companies across
            the country, from spaza shops going online to consultancies preparing for investors.
          </p>
        </div>
      </Section>

      <Section static title="What we value">
        <ul className="grid gap-6 sm:grid-cols-2">
          {values.map(({ icon: Icon, title, text }) => (
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

      <Section static title="How we work">
        <ol className="grid gap-6 sm:grid-cols-2">
          {steps.map((step) => (
            <li key={step.title} className="rounded-2xl bg-surface p-6">
              <h3 className="text-lg font-bold text-ink">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section static>
        <CtaBanner
          title="Let us help your business grow"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.services}>Explore our services</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.contact}>Contact our team</Link>
              </Button>
            </>
          }
        >
          See everything we offer, or tell us about your plans and we will reply within one business
          day.
        </CtaBanner>
      </Section>
    </>
  );
}
