import { Link } from 'wouter';
import { Check, ClipboardList, FileText, Mail, MessageCircle, Rocket } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { site, vat } from '../../../lib/site.ts';
import { CtaBanner } from '../components/cta-banner.tsx';

const mailto = `mailto:${site.contactEmail}?subject=${encodeURIComponent('Website request')}`;

const howItWorks = [
  {
    icon: Mail,
    title: 'Send us your brief',
    text: 'A few paragraphs by e-mail is enough: what your business does and what the website must achieve.',
  },
  {
    icon: MessageCircle,
    title: 'We talk it through',
    text: 'Within one business day we reply with questions or book a free 30-minute call at a time that suits you.',
  },
  {
    icon: FileText,
    title: 'You receive a fixed quote',
    text: `Within two business days of the call you get a written scope, timeline and price in rand${vat.included}.`,
  },
  {
    icon: Rocket,
    title: 'We start building',
    text: 'Once you accept and pay the deposit by card, we schedule your project and send the content checklist.',
  },
];

const preparation = [
  'Your business name and a sentence about what you do',
  'Who your customers are and where they are based',
  'The pages you think you need, such as Services, About, Gallery or Contact',
  'Features: online bookings, an online shop, card payments, quote requests or a client login',
  'Two or three websites you like, and what you like about them',
  'Your logo and brand colours, if you have them',
  'Your domain name, or the name you would like to register',
  'Your budget range and the date you need to be live',
  'Who will update the website after launch',
];

const afterwards = [
  'A reply from a person on our team within one business day, Monday to Friday.',
  'No obligation: the call and the quote are free.',
  'Quotes stay valid for 30 days, so you have time to decide.',
  'We use your details only to answer your request, as our privacy policy sets out.',
];

export function WebsiteRequestPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Request a website"
        title="Tell us about the website you need"
        lead={`Send ${site.siteName} a short brief by e-mail and receive a fixed quote, usually within three business days.`}
      >
        <Button asChild size="lg">
          <a href={mailto}>E-mail your brief</a>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.contact}>Other ways to reach us</Link>
        </Button>
      </PageHeader>

      <Section static title="How requesting a website works">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {howItWorks.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <div className="flex items-center gap-3">
                  <Icon className="size-8 text-brand-700" aria-hidden="true" />
                  <p className="text-sm font-bold text-brand-700">Step {index + 1}</p>
                </div>
                <CardTitle className="mt-4">{title}</CardTitle>
                <CardDescription className="mt-2">{text}</CardDescription>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        static
        title="What to prepare"
        intro="You do not need all of this to get started, but the more you can tell us, the more accurate your quote."
      >
        <div className="grid gap-6 lg:grid-cols-3">
          <ul className="grid gap-3 sm:grid-cols-2 lg:col-span-2">
            {preparation.map((item) => (
              <li key={item} className="flex gap-2 text-muted">
                <Check className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <Card tone="surface">
            <ClipboardList className="size-8 text-brand-700" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-bold text-ink">Not sure what you need?</h3>
            <p className="mt-2 text-sm text-muted">
              Compare our fixed-price{' '}
              <Link
                href={paths.buyWebsite}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                ready-made website packages
              </Link>{' '}
              with a{' '}
              <Link
                href={paths.buildWebsite}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                custom website build
              </Link>
              , or simply describe your business and we will recommend one.
            </p>
          </Card>
        </div>
      </Section>

      <Section static title="What happens next">
        <ul className="space-y-3">
          {afterwards.map((item) => (
            <li key={item} className="flex gap-2 text-muted">
              <Check className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-muted">
          Read the{' '}
          <Link
            href={paths.privacy}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            privacy policy
          </Link>{' '}
          for how we handle your information.
        </p>
      </Section>

      <Section>
        <ServiceRequestForm
          id="request"
          title="Request your website"
          serviceType="website_development"
          messageLabel="Tell us about your business and the website you want"
          questions={[
            {
              key: 'package',
              label: 'Package',
              options: ['Starter', 'Business', 'Online Shop', 'Custom build'],
            },
            {
              key: 'timeline',
              label: 'When do you need it?',
              options: ['This month', 'In 1 to 3 months', 'Later this year'],
            },
          ]}
        />
      </Section>

      <Section static>
        <CtaBanner
          title="Send us your brief today"
          actions={
            <>
              <Button asChild variant="secondary" size="lg">
                <a href={mailto}>E-mail your brief</a>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link href={paths.contact}>Contact us</Link>
              </Button>
            </>
          }
        >
          E-mail us at{' '}
          <a
            href={mailto}
            className="font-semibold break-all text-white underline underline-offset-4"
          >
            {site.contactEmail}
          </a>{' '}
          with “Website request” in the subject line.
        </CtaBanner>
      </Section>
    </>
  );
}
