import { Link } from 'wouter';
import { Globe, Lock, MessageCircle, Smartphone } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { FaqList } from '../components/faq-list.tsx';
import { PackageCards } from '../components/package-cards.tsx';
import { site, vat } from '../../../lib/site.ts';
import type { LiveCatalogue } from '#shared/catalogue.ts';
import { priceText, useCatalogue } from '../../../lib/catalogue.tsx';

const included = [
  {
    icon: Smartphone,
    title: 'Built for phones first',
    text: 'Most South Africans browse on their phones, so every page is designed for small screens and light on mobile data.',
  },
  {
    icon: Globe,
    title: 'Domain and hosting for a year',
    text: `A .co.za domain and 12 months of hosting are included. After that, both renew for R 1 499 a year${vat.incl}.`,
  },
  {
    icon: Lock,
    title: 'Secure and POPIA-aware',
    text: 'A free SSL certificate, daily backups, and a privacy notice for your site that follows POPIA.',
  },
  {
    icon: MessageCircle,
    title: 'Support after launch',
    text: '30 days of free small changes after go-live, then help by e-mail whenever you need it.',
  },
];

const steps = [
  'Choose a package and pay securely by card.',
  'Send us your logo, photos and the wording for each page, or use our copywriting checklist.',
  'Review the first design and tell us what to change.',
  'Approve the final version and we take your website live on your domain.',
];

const faqs = (catalogue: LiveCatalogue) => [
  {
    question: 'Do I own the website?',
    answer:
      'Yes. Once it is paid for, the design, content and domain are yours. If you ever move to another provider, we hand over the files and transfer the domain at no charge.',
  },
  {
    question: 'Can I update the website myself?',
    answer:
      'Yes. Business and Online Shop include an editor for text, photos, blog posts and products, and we show you how to use it.',
  },
  {
    question: 'What if I do not have text or photos yet?',
    answer:
      'We send a simple checklist of questions and write the text from your answers. We can use licensed stock photos until you have your own.',
  },
  {
    question: 'What if I need more than these packages offer?',
    answer: `${priceText(catalogue.priceCentsOf('website-extra-page'), (price) => `Extra pages cost ${price} each${vat.incl}.`)} For bookings, quotes, member areas or integrations, a custom build is usually the better choice.`,
  },
];

export function BuyWebsitePage() {
  const catalogue = useCatalogue();
  return (
    <>
      <PageHeader
        static
        eyebrow="Ready-made websites"
        title="A professional website at a fixed price, live within days"
        lead={`Pick a package, send us your content, and ${site.siteName} takes care of the design, domain, hosting and launch. No surprises: the price you see is the price you pay${vat.included}.`}
      >
        <Button asChild size="lg">
          <a href="#packages">Compare packages</a>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.buildWebsite}>Need a custom build?</Link>
        </Button>
      </PageHeader>

      <div id="packages" className="scroll-mt-24">
        <Section
          title="Website packages"
          intro={`Once-off prices in rand${vat.included}. Delivery times start once we have your content.`}
        >
          <PackageCards serviceSlug="buy-website" />
        </Section>
      </div>

      <Section static title="Included in every package">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {included.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-surface p-6">
              <Icon className="size-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold text-ink">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section static title="From order to launch in four steps">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <p className="text-muted">{step}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section static title="Questions about ready-made websites">
        <FaqList items={faqs(catalogue)} />
      </Section>

      <Section static>
        <CtaBanner
          title="Get your business online this week"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <Link href={paths.websiteRequest}>Request a website</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.buyDomain}>Find your domain</Link>
              </Button>
            </>
          }
        >
          Tell us which package you want and we send the content checklist and a secure payment link
          within one business day.
        </CtaBanner>
      </Section>
    </>
  );
}
