import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;
const firstName = (name: string) => name.split(/\s+/)[0];
const subscriptionsLink = (config: MailConfig) => ({
  label: 'See your subscriptions',
  url: `${config.publicUrl}/user/payments`,
});

/** A month's charge went through: its own order and invoice, attached. */
export function monthlyReceiptMail(
  config: MailConfig,
  input: {
    name: string;
    title: string;
    amountCents: number;
    orderReference: string;
    /** Its number, "INV-000042". */
    invoice: string;
    nextBillingDate: string;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Monthly payment received: ${input.title}`.slice(0, 150),
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `We received this month's card payment of ${formatZAR(input.amountCents)} for ${input.title} (order ${input.orderReference}).`,
      `Your ${vatWording(config.site.vatRegistered).invoiceNoun} ${input.invoice} is attached as a PDF.
 The next payment is due on ${formatDate(input.nextBillingDate)}.`,
    ],
    action: subscriptionsLink(config),
  });
}

/** PayFast could not take a month's charge: the customer is asked to check their card. */
export function monthlyPaymentFailedMail(
  config: MailConfig,
  input: { name: string; title: string; amountCents: number; reference: string },
): RenderedMail {
  return renderMail(config, {
    subject: `Your monthly payment did not go through: ${input.title}`.slice(0, 150),
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `PayFast could not take this month's payment of ${formatZAR(input.amountCents)} for ${input.title} (subscription ${input.reference}).`,
      'Please check that your card is valid and has funds, or update it in your PayFast account. Your service carries on while we sort it out; reply to this e-mail if you need help.',
    ],
    action: subscriptionsLink(config),
  });
}

/** To the company: a monthly charge failed and needs following up. */
export function monthlyPaymentFailedAdminMail(
  config: MailConfig,
  input: { reference: string; title: string; amountCents: number; email: string; failed: number },
): RenderedMail {
  return renderMail(config, {
    subject: `Monthly payment failed: subscription ${input.reference}`,
    greeting: 'Hello team,',
    paragraphs: [
      `PayFast reported a failed monthly charge of ${formatZAR(input.amountCents)} for ${input.title} (subscription ${input.reference}, customer ${input.email}).`,
      `${input.failed} charge${input.failed === 1 ? '' : 's'} in a row failed. The customer has been asked to check their card.`,
    ],
    action: { label: 'Open subscriptions', url: `${config.publicUrl}/admin/subscriptions` },
  });
}

/** The subscription is cancelled: no further charges. */
export function subscriptionCancelledMail(
  config: MailConfig,
  input: { name: string; title: string; reference: string },
): RenderedMail {
  return renderMail(config, {
    subject: `Subscription cancelled: ${input.title}`.slice(0, 150),
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `Your subscription ${input.reference} for ${input.title} is cancelled: PayFast will not charge your card for it again.`,
      'The months you have paid for stay paid, and their invoices stay in your dashboard.',
    ],
    action: subscriptionsLink(config),
  });
}

/** To the company: PayFast refused to cancel a subscription, so it may still charge the customer. */
export function cancellationRefusedAdminMail(
  config: MailConfig,
  input: { reference: string; email: string; reason: string },
): RenderedMail {
  return renderMail(config, {
    subject: `PayFast did not cancel subscription ${input.reference}`,
    greeting: 'Hello team,',
    paragraphs: [
      `The customer ${input.email} asked to cancel subscription ${input.reference}, and PayFast refused: ${input.reason}.`,
      'Cancel it in the PayFast dashboard, then check that no further charge is taken.',
    ],
    action: { label: 'Open subscriptions', url: `${config.publicUrl}/admin/subscriptions` },
  });
}

/** To the company: a subscription was paused, resumed or changed (what to stop, start or deliver). */
export function subscriptionChangedAdminMail(
  config: MailConfig,
  input: { reference: string; email: string; what: string },
): RenderedMail {
  return renderMail(config, {
    subject: `Subscription ${input.reference} changed`,
    greeting: 'Hello team,',
    paragraphs: [`Subscription ${input.reference} (customer ${input.email}): ${input.what}`],
    action: { label: 'Open subscriptions', url: `${config.publicUrl}/admin/subscriptions` },
  });
}

/** A catalogue price change reaches the customer's subscription, with the promised notice. */
export function priceChangeNoticeMail(
  config: MailConfig,
  input: {
    name: string;
    title: string;
    reference: string;
    oldAmountCents: number;
    newAmountCents: number;
    startsOn: string;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `New monthly price from ${formatDate(input.startsOn)}: ${input.title}`.slice(0, 150),
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `The monthly price of ${input.title} (subscription ${input.reference}) changes from ${formatZAR(input.oldAmountCents)} to ${formatZAR(input.newAmountCents)}${vatWording(config.site.vatRegistered).included}, from the charge on ${formatDate(input.startsOn)}.`,
      'Charges before that day stay at the old price. If you would rather not continue, you can change the package or cancel on your payments page before then.',
    ],
    action: subscriptionsLink(config),
  });
}
