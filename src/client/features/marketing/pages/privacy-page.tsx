import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { site, vat } from '../../../lib/site.ts';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4';

const collected = [
  'Contact details: your name, e-mail address, phone number and business name.',
  'Account details: your login e-mail and a securely hashed password.',
  `Order details: the services you buy, amounts paid, payment references and ${vat.invoiceNoun}s.`,
  'Service information: what you send us to deliver a service, such as CIPC director details, ID numbers for company registration, financial records or website content.',
  'Domain registrant details required by the registry, such as name, address and e-mail.',
  'Technical data: server logs with IP address, browser type and pages requested, used for security.',
];

const purposes = [
  'To deliver the services you order and to communicate with you about them (performance of a contract).',
  `To issue ${vat.invoiceNoun}s and keep accounting records (legal obligation under ${vat.recordsLaw}).`,
  'To register domains and companies on your behalf with registries, CIPC and SARS (performance of a contract).',
  'To keep our website and systems secure and prevent fraud (our legitimate interest).',
  'To send newsletters and offers, only if you opted in (your consent, which you may withdraw at any time).',
];

const sharing = [
  'PayFast, our payment gateway, processes your card payment. We never receive your full card number.',
  'Domain registrars and registries, such as the ZA Central Registry for .co.za, receive the registrant details that their rules require.',
  'Our e-mail provider sends order confirmations, invoices and replies to your messages.',
  'CIPC and SARS receive what is needed for a company registration or tax service you ordered.',
  'Our hosting provider stores the data in our systems under a written agreement.',
];

const rights = [
  'Access: ask what personal information we hold about you and receive a copy.',
  'Correction: ask us to correct information that is inaccurate, out of date or incomplete.',
  'Deletion: ask us to delete information we no longer need or may no longer keep.',
  'Objection: object to processing based on our legitimate interest, and to direct marketing at any time.',
  'Complaint: lodge a complaint with the Information Regulator of South Africa.',
];

function List({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function PrivacyPage() {
  const email = (
    <a href={`mailto:${site.contactEmail}`} className={linkClass}>
      {site.contactEmail}
    </a>
  );

  return (
    <>
      <PageHeader
        static
        eyebrow="Legal"
        title="Privacy Policy"
        lead="How we collect, use and protect your personal information under the Protection of Personal Information Act (POPIA)."
      />
      <Section static>
        <div className="prose-page max-w-3xl">
          <p>Last updated 22 November 2026</p>

          <h2>Responsible party</h2>
          <p>
            {site.siteName}, Johannesburg, South Africa, is the responsible party for the personal
            information processed through this website and our services.
          </p>

          <h2>Information Officer</h2>
          <p>
            Our Information Officer oversees compliance with POPIA and handles requests about your
            personal information. Contact the Information Officer at {email}.
          </p>

          <h2>What we collect</h2>
          <List items={collected} />

          <h2>Why we use it and our legal basis</h2>
          <List items={purposes} />

          <h2>Who we share it with</h2>
          <p>We share personal information only where needed, and never sell it:</p>
          <List items={sharing} />
          <p>
            Where a provider stores information outside South Africa, we make sure it is protected
            to a standard comparable to POPIA, as section 72 requires.
          </p>

          <h2>How long we keep it</h2>
          <p>
            Invoices and payment records are kept for 5 years, as SARS requires. Other information
            is kept only as long as needed for the purpose it was collected for, and is then deleted
            or de-identified.
          </p>

          <h2>Security</h2>
          <p>
            We use encrypted connections (HTTPS), hashed passwords, access only for staff who need
            it and regular backups. Card payments are handled entirely by PayFast.
          </p>

          <h2>Cookies</h2>
          <p>
            We use only a session cookie that keeps you signed in and your cart working. We use no
            tracking, advertising or analytics cookies.
          </p>

          <h2>Marketing</h2>
          <p>
            We send marketing e-mails only if you opted in, and each one has an unsubscribe link.
            Service messages about your orders are not marketing.
          </p>

          <h2>Your rights</h2>
          <List items={rights} />
          <p>
            To use a right, e-mail {email}. We reply within 30 days and may ask you to confirm your
            identity first. You can reach the Information Regulator at{' '}
            <a href="https://inforegulator.org.za" className={linkClass}>
              inforegulator.org.za
            </a>
            .
          </p>

          <h2>Breach notification</h2>
          <p>
            If your personal information is accessed by an unauthorised person, we notify the
            Information Regulator and you as soon as reasonably possible, with what happened and
            what you can do to protect yourself.
          </p>

          <h2>Changes and contact</h2>
          <p>
            We publish changes to this policy on this page. Read how orders work in our{' '}
            <Link href={paths.terms} className={linkClass}>
              terms of service
            </Link>
            , or ask us anything via the{' '}
            <Link href={paths.contact} className={linkClass}>
              contact page
            </Link>
            .
          </p>
        </div>
      </Section>
    </>
  );
}
