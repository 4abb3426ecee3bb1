import { Link } from 'wouter';
import { Clock, Mail, MapPin } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { siteLocation } from '#shared/site.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import { site, vat } from '../../../lib/site.ts';

const checklist = [
  'Your name, business name and the best phone number to reach you on.',
  'The service you are interested in, for example a website, business plan or company registration.',
  'Your deadline, if you have one, and your budget in rand.',
  'For an existing order: the payment reference from your confirmation e-mail.',
  'For a website: your current web address or the domain name you would like.',
];

export function ContactPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Contact"
        title="Talk to our Johannesburg team"
        lead="Questions about a service, a quote or an existing order? Send us an e-mail and a real person will reply within one business day."
      >
        <Button asChild size="lg">
          <a href={`mailto:${site.contactEmail}`}>
            <Mail aria-hidden="true" />
            E-mail our team
          </a>
        </Button>
      </PageHeader>

      <Section static title="How to reach us">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <li>
            <Card className="h-full">
              <Mail className="size-8 text-brand-700" aria-hidden="true" />
              <CardTitle className="mt-4">E-mail</CardTitle>
              <CardDescription className="mt-2">
                <a
                  href={`mailto:${site.contactEmail}`}
                  className="font-semibold break-all text-brand-700 underline underline-offset-4"
                >
                  {site.contactEmail}
                </a>
              </CardDescription>
              <CardDescription className="mt-2">
                We reply within one business day, usually sooner.
              </CardDescription>
            </Card>
          </li>
          <li>
            <Card className="h-full">
              <MapPin className="size-8 text-brand-700" aria-hidden="true" />
              <CardTitle className="mt-4">Location</CardTitle>
              <CardDescription className="mt-2">{siteLocation}</CardDescription>
              <CardDescription className="mt-2">
                We work with clients across all nine provinces, online and by phone.
              </CardDescription>
            </Card>
          </li>
          <li>
            <Card className="h-full">
              <Clock className="size-8 text-brand-700" aria-hidden="true" />
              <CardTitle className="mt-4">Business hours</CardTitle>
              <CardDescription className="mt-2">Monday to Friday, 08:00–17:00 SAST</CardDescription>
              <CardDescription className="mt-2">
                Closed on weekends and South African public holidays.
              </CardDescription>
            </Card>
          </li>
        </ul>
      </Section>

      <Section>
        <ContactForm />
      </Section>

      <Section
        static
        title="What to include in your message"
        intro="A few details help us give you a useful answer or a fixed quote in our first reply."
      >
        <ul className="max-w-3xl list-disc space-y-2 pl-5 text-muted">
          {checklist.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-muted">
          Please do not send card numbers or passwords by e-mail; we will never ask for them.
        </p>
      </Section>

      <Section static title="Looking for a quick answer?">
        <p className="max-w-3xl text-muted">
          Many questions about payments, {vat.invoiceNoun}s, domains and delivery times are already
          answered on our FAQ page.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button
            asChild
            variant="outline"
            className="h-auto min-h-10 max-w-full shrink py-2 text-center whitespace-normal"
          >
            <Link href={paths.faq}>Read the frequently asked questions</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.services}>Browse our services</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
