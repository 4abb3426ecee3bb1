import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Building2, FileText, Globe, Quote, Zap } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { Section } from '../../../components/page.tsx';
import { sentences } from '#shared/vat-wording.ts';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';

const featureCards = [
  {
    icon: Globe,
    title: 'Websites',
    text: 'Mobile-friendly business websites and online shops, ready-made or built around you.',
    href: paths.buyWebsite,
    cta: 'See website packages',
  },
  {
    icon: FileText,
    title: 'Business Plans',
    text: 'Bank- and investor-ready plans with three-year financial projections in rand.',
    href: paths.businessPlan,
    cta: 'Plan your business',
  },
  {
    icon: Building2,
    title: 'Company Registration',
    text: 'Your (Pty) Ltd registered with CIPC, plus income tax, VAT and PAYE set up with SARS.',
    href: paths.businessRegistration,
    cta: 'Register a company',
  },
  {
    icon: Zap,
    title: '60-Second Speed Report',
    text: 'Find out what slows your website down, with fixes in plain language, in about a minute.',
    href: paths.speedOptimization,
    cta: 'How the report works',
  },
];

const testimonials = [
  {
    quote:
      'Our bakery had a proper website and online orders within a week. Customers now find us on Google instead of just walking past.',
    name: 'Thandiwe M.',
    role: 'Small business owner, Cape Town',
  },
  {
    quote:
      'They registered our company, set up VAT and wrote the business plan that got our first funding. One team, one invoice.',
    name: 'Sipho N.',
    role: 'Startup founder, Johannesburg',
  },
  {
    quote:
      'The monthly management accounts finally show us where the money goes. Clear, on time and priced fairly.',
    name: 'Priya R.',
    role: 'Business director, Durban',
  },
];

/**
 * The home page of SPEC §1; the domain search box and the speed report's address box come in as
 * slots from the app.
 */
export function HomePage({
  domainSearch,
  speedTest,
}: {
  domainSearch: ReactNode;
  speedTest?: ReactNode;
}) {
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 text-center sm:pt-20">
          <p className="mb-3 text-sm font-bold tracking-wide text-brand-700 uppercase">
            Business services for South Africa
          </p>
          <h1 className="mx-auto max-w-4xl text-4xl font-extrabold text-ink sm:text-6xl">
            Transform Your Business with {site.siteName}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            Websites, business plans, company registration and domain names — done properly, priced
            in rand, and paid securely by card.
          </p>
          <div className="mx-auto mt-8 max-w-2xl">
            <h2 className="mb-3 text-base font-semibold text-ink">Find your domain name</h2>
            {domainSearch}
          </div>
        </div>
      </div>

      <Section
        title="Everything your business needs to get going"
        intro={sentences('Pick one service or combine several.', vat.pricesInclude)}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featureCards.map(({ icon: Icon, title, text, href, cta }) => (
            <li key={title}>
              <Card className="flex h-full flex-col">
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <CardTitle className="mt-4">{title}</CardTitle>
                <CardDescription className="mt-2 flex-1">{text}</CardDescription>
                {href === paths.speedOptimization && speedTest}
                <Link
                  href={href}
                  className="mt-4 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {cta}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section static title="What our clients say">
        <ul className="grid gap-6 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-2xl bg-surface p-6">
                <Quote className="size-6 text-accent-400" aria-hidden="true" />
                <blockquote className="mt-3 text-ink">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-bold text-ink">{t.name}</span>
                  <span className="block text-muted">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section static>
        <CtaBanner
          title="Ready to start?"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.serviceBuilder}>Build your package</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.contact}>Talk to us</Link>
              </Button>
            </>
          }
        >
          Build your own package in the service builder, or tell us what you need and we will reply
          within one business day.
        </CtaBanner>
      </Section>
    </>
  );
}
