import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { firstName, renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';
import { templateMail } from '../../integrations/mail/templates/template-mail.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

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
  return templateMail(
    config,
    'quote-sent',
    {
      customer_first_name: firstName(quote.name),
      quote_number: quote.number,
      total: formatZAR(quote.totalCents),
      vat_included: vatWording(config.site.vatRegistered).included,
      payment_terms: quote.depositLabel
        ? `To start, we ask for a ${quote.depositLabel.toLowerCase()} of ${formatZAR(quote.depositCents)} when you accept; the balance is invoiced when the work is delivered.`
        : 'You pay it in full when you accept, and we start as soon as the payment clears.',
      valid_until: formatDate(quote.validUntil),
    },
    { actionUrl: `${config.publicUrl}/user/quotes/${quote.number}` },
  );
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
  const vat = vatWording(config.site.vatRegistered);
  return templateMail(
    config,
    'invoice-sent',
    {
      customer_first_name: firstName(invoice.name),
      order_reference: invoice.orderReference,
      invoice_title: invoice.title,
      total: formatZAR(invoice.totalCents),
      vat_included: vat.included,
      due_date: formatDate(invoice.dueOn),
      invoice_noun: vat.invoiceNoun,
    },
    { actionUrl: `${config.publicUrl}/user/orders/${invoice.orderReference}` },
  );
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
