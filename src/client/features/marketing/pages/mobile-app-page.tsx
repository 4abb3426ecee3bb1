import { Link } from 'wouter';
import { Bell, CreditCard, MapPin, ShoppingBag, Smartphone } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { PackageCards } from '../components/package-cards.tsx';
import { sentences } from '#shared/vat-wording.ts';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';

const builds = [
  {
    icon: ShoppingBag,
    title: 'Ordering and booking apps',
    text: 'Let customers order takeaways, book appointments or reserve stock, with live availability from your own system.',
  },
  {
    icon: CreditCard,
    title: 'Card and instant EFT payments',
    text: 'Secure in-app payments through South African gateways such as PayFast and Yoco, with receipts by e-mail.',
  },
  {
    icon: Bell,
    title: 'Loyalty and push notifications',
    text: 'Points, vouchers and specials sent straight to your customers’ phones, without paying for bulk SMS.',
  },
  {
    icon: MapPin,
    title: 'Field-service and delivery apps',
    text: 'Job cards, photos, signatures and GPS check-ins for technicians and drivers, with offline mode for patchy signal.',
  },
  {
    icon: Smartphone,
    title: 'Data-light design',
    text: 'Small downloads and cached content, so the app stays quick and cheap to use on prepaid data and entry-level Android phones.',
  },
];

const steps = [
  {
    title: 'Discovery workshop',
    time: 'Week 1',
    text: 'We agree on the users, the must-have features and how the app connects to your website, stock or accounting system.',
  },
  {
    title: 'Design and clickable prototype',
    time: 'Weeks 2 to 3',
    text: 'You test the screens on your own phone and sign off the design before any code is written.',
  },
  {
    title: 'Development in two-week sprints',
    time: 'Weeks 4 to 10',
    text: 'One codebase for Android and iPhone. After every sprint you install a test build and give feedback.',
  },
  {
    title: 'Testing and store submission',
    time: 'Weeks 11 to 12',
    text: 'We test on popular South African handsets and publish to Google Play and the Apple App Store under your own accounts.',
  },
  {
    title: 'Launch and support',
    time: 'From launch',
    text: 'Three months of bug fixes are included, then optional monthly support for updates and new OS versions.',
  },
];

export function MobileAppPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Mobile app development"
        title="Android and iPhone apps built for South African customers"
        lead={`${site.siteName} designs, builds and publishes mobile apps that work on every phone your customers carry, from entry-level Android to the latest iPhone.`}
      >
        <Button asChild size="lg">
          <Link href={paths.requestService}>Request an app quote</Link>
        </Button>
      </PageHeader>

      <Section
        static
        title="What we build"
        intro="Apps that earn their place on your customers’ home screens."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {builds.map(({ icon: Icon, title, text }) => (
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
        title="Our process and timeline"
        intro="Most apps go live in 8 to 14 weeks, depending on features and integrations."
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

      <Section
        title="Packages"
        intro={sentences(
          vat.pricesInclude,
          'You receive a fixed quote after the discovery workshop; app-store developer fees are paid directly by you.',
        )}
      >
        <PackageCards serviceSlug="mobile-app" quoteHref="#request" />
      </Section>

      <Section>
        <ServiceRequestForm
          id="request"
          title="Request a quote for your app"
          serviceType="mobile_app"
          messageLabel="What should the app do, and who will use it?"
          questions={[
            {
              key: 'platforms',
              label: 'Platforms',
              options: ['Android and iPhone', 'Android only', 'iPhone only'],
            },
            {
              key: 'budget',
              label: 'Budget',
              options: ['R 50 000 to R 120 000', 'R 120 000 to R 250 000', 'More than R 250 000'],
            },
          ]}
        />
      </Section>

      <Section static>
        <CtaBanner
          title="Have an app idea?"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.requestService}>Request your app</Link>
              </Button>
            </>
          }
        >
          Tell us what your app should do and we will reply within one business day with next steps
          and a first estimate.
        </CtaBanner>
      </Section>
    </>
  );
}
