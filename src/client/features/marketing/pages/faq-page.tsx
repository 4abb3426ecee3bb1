import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader, Section } from '../../../components/page.tsx';
import { FaqList } from '../components/faq-list.tsx';
import { sentences } from '#shared/vat-wording.ts';
import { site, vat } from '../../../lib/site.ts';

interface FaqGroup {
  title: string;
  items: { question: string; answer: string }[];
}

const groups: FaqGroup[] = [
  {
    title: 'Services',
    items: [
      {
        question: 'Which services do you offer?',
        answer:
          'Ready-made and custom websites, online shops, business plans, CIPC company registration with SARS tax set-up, monthly financial management, mobile apps, custom e-mail, website speed reports and domain names.',
      },
      {
        question: 'How long does a website take?',
        answer:
          'A ready-made website is usually live within a few business days of receiving your content. A custom website typically takes three to six weeks, depending on the number of pages and features.',
      },
      {
        question: 'How long does company registration take?',
        answer:
          'Once we have your directors’ details and certified ID copies, most (Pty) Ltd companies are registered with CIPC within 5 to 10 business days. Income tax, VAT and PAYE registration with SARS follow after that.',
      },
      {
        question: 'Will a bank accept your business plan?',
        answer:
          'Our plans follow the structure South African banks, the NEF and SEFA expect, with three-year financial projections in rand. Funding decisions remain with the lender.',
      },
    ],
  },
  {
    title: 'Payments',
    items: [
      {
        question: 'How can I pay?',
        answer:
          'You pay by debit or credit card through PayFast, a secure South African payment gateway. Your card details go straight to PayFast; we never see or store them.',
      },
      vat.faq,
      {
        question: `Will I get ${vat.anInvoice}?`,
        answer: sentences(
          `Yes. We e-mail you ${vat.anInvoice} after payment, and it is also in your account under Payments.`,
          vat.invoiceShowsVat,
        ),
      },
      {
        question: 'Can I get a refund?',
        answer:
          'You may cancel an online purchase within 7 days under the ECT Act, unless work has already started with your consent or the item was made to your specifications, such as a registered domain. Our terms of service explain the details.',
      },
    ],
  },
  {
    title: 'Domains',
    items: [
      {
        question: 'Which domain endings can I register?',
        answer:
          'Popular choices include .co.za, .com, .africa, .joburg, .capetown, .durban, .org.za and .net. Use the domain search to check availability and the price for each ending.',
      },
      {
        question: 'Who owns the domain I register?',
        answer:
          'You do. The domain is registered in your name or your business’s name as the registrant, under the rules of the relevant registry, such as the ZA Central Registry for .co.za.',
      },
      {
        question: 'How do domain renewals work?',
        answer:
          'Domains are registered for the period you choose, from one year upwards. We e-mail reminders well before the expiry date so that you can renew in time and keep your address.',
      },
      {
        question: 'Can I move an existing domain to you?',
        answer:
          'Yes. Send us the domain name and we will guide you through the transfer, including the authorisation code from your current provider where the registry requires one.',
      },
    ],
  },
  {
    title: 'Support',
    items: [
      {
        question: 'How do I get help?',
        answer: `E-mail ${site.contactEmail} or use the contact page. We reply within one business day, Monday to Friday, 08:00–17:00 SAST.`,
      },
      {
        question: 'Do you help after my website is live?',
        answer:
          'Yes. We fix defects in our work free of charge, and we can update content, add features or maintain your website on request.',
      },
      {
        question: 'Where can I see my orders?',
        answer: `Sign in to your account to see your payments, domains and business plans, and to download your ${vat.invoiceNoun}s.`,
      },
    ],
  },
];

export function FaqPage() {
  return (
    <>
      <PageHeader
        static
        eyebrow="Help"
        title="Frequently Asked Questions"
        lead="Answers about our services, prices and payments, domain names and support. Select a question to show its answer."
      />
      {groups.map((group) => (
        <Section static key={group.title} title={group.title}>
          <FaqList items={group.items} className="max-w-3xl" />
        </Section>
      ))}
      <Section static title="Still have a question?">
        <p className="max-w-2xl text-muted">
          Tell us what you need and a member of our Johannesburg team will reply within one business
          day.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link href={paths.contact}>Contact us</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.terms}>Read the terms of service</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
