import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;
const firstName = (name: string) => name.split(/\s+/)[0];

/** The quote, with the way to read and accept it in the customer's account. */
export function quoteSentMail(
  config: MailConfig,
  quote: {
    number: string;
    name: string;
    totalCents: number;
    depositCents: number;
    depositLabel: string | null;
    validUntil: string;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Your quote ${quote.number}: ${formatZAR(quote.totalCents)}`,
    greeting: `Hi ${firstName(quote.name)},`,
    paragraphs: [
      `Here is our quote ${quote.number} for ${formatZAR(quote.totalCents)}${vatWording(config.site.vatRegistered).included}.`,
      quote.depositLabel
        ? `To start, we ask for a ${quote.depositLabel.toLowerCase()} of ${formatZAR(quote.depositCents)} when you accept; the balance is invoiced when the work is delivered.`
        : 'You pay it in full when you accept, and we start as soon as the payment clears.',
      `You can accept it online until ${formatDate(quote.validUntil)}, and pay by card, bank transfer or account credit.`,
    ],
    action: {
      label: 'Read and accept the quote',
      url: `${config.publicUrl}/user/quotes/${quote.number}`,
    },
  });
}

/** An invoice the team raised (custom work, a quote's deposit or balance), with its pay link. */
export function invoiceSentMail(
  config: MailConfig,
  invoice: {
    orderReference: string;
    name: string;
    title: string;
    totalCents: number;
    dueOn: string;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Invoice ${invoice.orderReference}: ${formatZAR(invoice.totalCents)} due ${formatDate(invoice.dueOn)}`,
    greeting: `Hi ${firstName(invoice.name)},`,
    paragraphs: [
      `${invoice.title}: ${formatZAR(invoice.totalCents)}${vatWording(config.site.vatRegistered).included}, due by ${formatDate(invoice.dueOn)}.`,
      `Pay it by card, bank transfer or account credit from the link below. Your ${vatWording(config.site.vatRegistered).invoiceNoun} follows as soon as the payment clears.`,
    ],
    action: {
      label: 'Pay the invoice',
      url: `${config.publicUrl}/user/orders/${invoice.orderReference}`,
    },
    footnote: `Questions? Reply to this e-mail or write to ${config.site.contactEmail} and quote ${invoice.orderReference}.`,
  });
}

/** The team hears that a customer accepted a quote. */
export function quoteAcceptedMail(
  config: MailConfig,
  quote: { number: string; acceptedName: string; orderReference: string; amountCents: number },
): RenderedMail {
  return renderMail(config, {
    subject: `Quote ${quote.number} accepted by ${quote.acceptedName}`,
    greeting: 'A quote was accepted,',
    paragraphs: [
      `${quote.acceptedName} accepted quote ${quote.number}. Order ${quote.orderReference} asks them for ${formatZAR(quote.amountCents)}; the work starts when it is paid.`,
    ],
    action: { label: 'Open the invoices', url: `${config.publicUrl}/admin/invoices` },
  });
}
