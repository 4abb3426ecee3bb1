import { Link } from 'wouter';
import { CalendarClock, Code, Gauge, Palette, Rocket, Search } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';
import type { LiveCatalogue } from '#shared/catalogue.ts';
import { priceText, useCatalogue } from '../../../lib/catalogue.tsx';

const steps = [
  {
    icon: Search,
    title: 'Discovery',
    time: 'Week 1',
    text: 'A workshop about your customers, your processes and the systems the website must talk to, followed by a written scope and a fixed quote.',
  },
  {
    icon: Palette,
    title: 'Design',
    time: 'Weeks 2 to 3',
    text: 'Clickable designs of the key pages for phone and desktop, which you review and approve before any code is written.',
  },
  {
    icon: Code,
    title: 'Build',
    time: 'Weeks 3 to 8',
    text: 'Development in two-week rounds, with a private preview link so you can follow progress and test as we go.',
  },
  {
    icon: Gauge,
    title: 'Testing',
    time: 'The final week before launch',
    text: 'Checks on real Android phones and iPhones, for accessibility, for speed on mobile data, and for every form and payment flow.',
  },
  {
    icon: Rocket,
    title: 'Launch and handover',
    time: 'Launch day',
    text: 'We go live on your domain, set up analytics and backups, train your team, and hand over every login.',
  },
];

const timelines = [
  {
    type: 'Brochure website with custom design',
    duration: '4 to 5 weeks',
    price: (c: LiveCatalogue) =>
      priceText(c.priceCentsOf('custom-brochure'), (price) => `from ${price}`),
  },
  {
    type: 'Bookings, quotes or a client portal',
    duration: '6 to 8 weeks',
    price: (c: LiveCatalogue) =>
      priceText(c.priceCentsOf('custom-bookings'), (price) => `from ${price}`),
  },
  {
    type: 'Online shop with integrations',
    duration: '8 to 10 weeks',
    price: (c: LiveCatalogue) =>
      priceText(c.priceCentsOf('custom-shop'), (price) => `from ${price}`),
  },
];

const quoteFactors = [
  {
    title: 'Number of unique page designs',
    text: 'Pages that share a layout, such as product or team pages, cost far less than pages designed from scratch.',
  },
  {
    title: 'Functionality',
    text: 'Online bookings, quote calculators, member logins and card payments each add design, build and testing time.',
  },
  {
    title: 'Integrations',
    text: 'Connecting to Sage, Xero, a courier service, your CRM or a stock system depends on the quality of their APIs.',
  },
  {
    title: 'Content',
    text: 'Whether you supply the text and photos, or we write, translate or photograph them for you.',
  },
  {
    title: 'Languages',
    text: 'Each extra language, such as isiZulu, Afrikaans or Sesotho, adds translation and checking of every page.',
  },
  {
    title: 'Moving from an old website',
    text: 'Migrating blog posts, products or customer accounts, and redirecting old addresses so you keep your Google rankings.',
  },
];

export function BuildWebsitePage() {
  const catalogue = useCatalogue();
  return (
    <>
      <PageHeader
        static
        eyebrow="Custom websites"
        title="A website designed and built around how your business works"
        lead={`When a package is not enough, ${site.siteName} designs and develops a website for your customers, your processes and your systems, at a fixed price agreed up front.`}
      >
        <Button asChild size="lg">
          <Link href={paths.websiteRequest}>Request a quote</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.buyWebsite}>See ready-made packages</Link>
        </Button>
      </PageHeader>

      <Section
        static
        title="How a custom build works"
        intro="Five clear stages, with your approval before each new one begins."
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {steps.map(({ icon: Icon, title, time, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <div className="flex items-center gap-3">
                  <Icon className="size-8 text-brand-700" aria-hidden="true" />
                  <p className="text-sm font-bold text-brand-700">Stage {index + 1}</p>
                </div>
                <CardTitle className="mt-4">{title}</CardTitle>
                <p className="mt-1 text-sm font-semibold text-ink">{time}</p>
                <CardDescription className="mt-2">{text}</CardDescription>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        static
        title="Typical timelines and starting prices"
        intro={`Every quote is fixed once the scope is agreed. ${vat.pricesNote} We invoice 50% to start and 50% at launch.`}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {timelines.map((item) => (
            <li key={item.type} className="rounded-2xl bg-surface p-6">
              <h3 className="text-lg font-bold text-ink">{item.type}</h3>
              <p className="mt-3 flex items-center gap-2 text-muted">
                <CalendarClock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {item.duration}
              </p>
              <p className="mt-2 text-2xl font-extrabold text-ink">{item.price(catalogue)}</p>
              {vat.inclLabel && <p className="text-sm text-muted">{vat.inclLabel}</p>}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        static
        title="What affects the quote"
        intro="We explain each of these in your proposal, so you can choose where to spend and where to save."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {quoteFactors.map((factor) => (
            <li key={factor.title} className="border-l-4 border-brand-700 pl-4">
              <h3 className="font-bold text-ink">{factor.title}</h3>
              <p className="mt-1 text-sm text-muted">{factor.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section static title="After launch">
        <Card>
          <p className="text-muted">
            Every custom website comes with 60 days of free fixes. After that, an optional care plan
            from R 599 a month{vat.incl} covers updates, security patches, daily backups, uptime
            monitoring and an hour of small changes each month. You own the code and the content
            either way.
          </p>
        </Card>
      </Section>

      <Section>
        <ServiceRequestForm
          id="request"
          title="Request a quote for a custom website"
          serviceType="website_development"
          messageLabel="What should the website do? Mention bookings, integrations or examples you like."
          questions={[
            {
              key: 'budget',
              label: 'Budget',
              options: ['R 15 000 to R 30 000', 'R 30 000 to R 45 000', 'More than R 45 000'],
            },
            {
              key: 'timeline',
              label: 'When do you need it?',
              options: ['Within 6 weeks', 'In 2 to 3 months', 'Later this year'],
            },
          ]}
        />
      </Section>

      <Section static>
        <CtaBanner
          title="Tell us what you want to build"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.websiteRequest}>Request a website</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.portfolio}>See our work</Link>
              </Button>
            </>
          }
        >
          Send us a short description of the website you have in mind. We reply within one business
          day to book a free 30-minute discovery call.
        </CtaBanner>
      </Section>
    </>
  );
}
