import { Link } from 'wouter';
import { Calculator, CreditCard, ListChecks } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { ServiceBuilder } from '../components/service-builder.tsx';
import { site, vat } from '../../../lib/site.ts';

const steps = [
  {
    icon: ListChecks,
    title: '1. Choose your services',
    text: 'Pick everything your business needs now, from a company registration to a website and monthly bookkeeping.',
  },
  {
    icon: Calculator,
    title: '2. See the total',
    text: `Every service shows its price in rand${vat.included}, so the total you see is the total you pay.`,
  },
  {
    icon: CreditCard,
    title: '3. Add to cart and pay',
    text: `Pay at checkout by card through PayFast or by bank transfer, and receive one ${vat.invoiceNoun}. A company registration first asks for the company’s details.`,
  },
];

export function ServiceBuilderPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Service builder"
        title="Build the package your business needs"
        lead={`Combine any of the ${site.siteName} services and see one total in rand${vat.included}. One order, one ${vat.invoiceNoun}, one team to call.`}
      >
        <Button asChild size="lg">
          <a href="#builder">Start building</a>
        </Button>
      </PageHeader>

      <Section static title="How the builder works">
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

      <div id="builder" className="scroll-mt-24">
        <Section
          title="Choose your services"
          intro={`Fixed prices in rand${vat.included}. Custom websites and mobile apps are quoted separately: request a quote on their pages.`}
        >
          <ServiceBuilder />
        </Section>
      </div>

      <Section static>
        <CtaBanner
          title="Not sure what your business needs?"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.contact}>Contact us</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.services}>Compare services</Link>
              </Button>
            </>
          }
        >
          Tell us about your business and we reply within one business day with the services that
          fit it and what they cost.
        </CtaBanner>
      </Section>
    </>
  );
}
