import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

/** What every customer mail of a case says: what is owed, for what, and where to pay it. */
export interface DunningMailFacts {
  name: string;
  /** "Renewal of nkosi.co.za, 1 year", "Bookkeeping Starter". */
  title: string;
  amountCents: number;
  /** The due date: a renewal's, or the day a monthly charge failed. */
  dueAt: Date;
  /** A monthly subscription (PayFast charges the card again itself) or an unpaid order. */
  monthly: boolean;
  /** The page that pays it: the order, or the customer's payments for a subscription. */
  payUrl: string;
}

const firstName = (name: string) => name.split(/\s+/)[0];
const payAction = (facts: DunningMailFacts) => ({
  label: facts.monthly ? 'Check your subscription' : `Pay ${formatZAR(facts.amountCents)} now`,
  url: facts.payUrl,
});
/** How a monthly customer pays: PayFast tries the card again, so the card must be good. */
const monthlyHow =
  'PayFast charges your card again by itself: please make sure the card is valid and has funds, or update it in your PayFast account.';

function customerMail(
  config: MailConfig,
  facts: DunningMailFacts,
  subject: string,
  paragraphs: string[],
): RenderedMail {
  return renderMail(config, {
    subject: `${subject}: ${facts.title}`.slice(0, 150),
    greeting: `Hi ${firstName(facts.name)},`,
    paragraphs,
    action: payAction(facts),
    footnote: 'Already paid? Thank you: this mail crossed your payment, and you can ignore it.',
  });
}

/** Days before a renewal: what it costs and when it is due. */
export function renewalReminderMail(config: MailConfig, facts: DunningMailFacts): RenderedMail {
  return customerMail(config, facts, 'Renewal due soon', [
    `${facts.title} is due for renewal on ${formatDate(facts.dueAt)}: ${formatZAR(facts.amountCents)} is payable.`,
    `Pay before then to keep it running without a break; your ${vatWording(config.site.vatRegistered).invoiceNoun} is e-mailed when you pay.`,
  ]);
}

/** After the due date, while unpaid: a reminder to pay (a monthly charge: to fix the card). */
export function paymentOverdueMail(config: MailConfig, facts: DunningMailFacts): RenderedMail {
  return customerMail(config, facts, 'Payment still due', [
    facts.monthly
      ? `Your monthly payment of ${formatZAR(facts.amountCents)} for ${facts.title} has not gone through since ${formatDate(facts.dueAt)}.`
      : `${formatZAR(facts.amountCents)} for ${facts.title} was due on ${formatDate(facts.dueAt)} and is still unpaid.`,
    facts.monthly ? monthlyHow : 'Please pay it now to keep your service running.',
  ]);
}

/** The end of the grace days: the date the service is suspended unless paid. */
export function finalNoticeMail(
  config: MailConfig,
  facts: DunningMailFacts & { suspendOn: Date; domain: boolean },
): RenderedMail {
  return customerMail(config, facts, 'Final notice', [
    `${formatZAR(facts.amountCents)} for ${facts.title} has been due since ${formatDate(facts.dueAt)}.`,
    facts.domain
      ? `Unless it is paid by ${formatDate(facts.suspendOn)}, the domain will not be renewed and may be lost.`
      : `Unless it is paid by ${formatDate(facts.suspendOn)}, we will suspend the service until it is.`,
    ...(facts.monthly ? [monthlyHow] : []),
  ]);
}

/** Suspended: what that means and how to restore it. */
export function serviceSuspendedMail(
  config: MailConfig,
  facts: DunningMailFacts & { domain: boolean; cancelOn: Date },
): RenderedMail {
  return customerMail(config, facts, 'Service suspended', [
    facts.domain
      ? `${facts.title} was not paid, so the domain is not being renewed.`
      : `${facts.title} is suspended: ${formatZAR(facts.amountCents)} has been due since ${formatDate(facts.dueAt)}, so our team has stopped the work.`,
    `Pay ${formatZAR(facts.amountCents)} and it is restored at once. Unpaid on ${formatDate(facts.cancelOn)}, it is cancelled.`,
    ...(facts.monthly ? [monthlyHow] : []),
  ]);
}

/** The end of the policy: cancelled unpaid. */
export function serviceCancelledUnpaidMail(
  config: MailConfig,
  facts: DunningMailFacts,
): RenderedMail {
  return renderMail(config, {
    subject: `Cancelled unpaid: ${facts.title}`.slice(0, 150),
    greeting: `Hi ${firstName(facts.name)},`,
    paragraphs: [
      `${facts.title} is cancelled: ${formatZAR(facts.amountCents)} due since ${formatDate(facts.dueAt)} was not paid.`,
      facts.monthly
        ? 'PayFast will not charge your card for it again. To start again, order it from our site or reply to this e-mail.'
        : 'The unpaid order is closed. To start again, order it from our site or reply to this e-mail.',
    ],
    action: { label: 'See your orders', url: `${config.publicUrl}/user/orders` },
  });
}

/**
 * To the team: a managed service is suspended (stop the work), restored (resume it), or ended
 * unpaid (close it down for good).
 */
export function dunningTeamMail(
  config: MailConfig,
  input: {
    event: 'suspended' | 'restored' | 'cancelled';
    title: string;
    email: string;
    amountCents: number;
  },
): RenderedMail {
  const amount = formatZAR(input.amountCents);
  const told = {
    suspended: {
      verb: 'Suspend',
      paragraph: `${input.title} for ${input.email} is suspended: ${amount} is past due. Stop the work until it is paid; the customer has been told.`,
    },
    restored: {
      verb: 'Resume',
      paragraph: `${input.email} paid ${amount}: ${input.title} is restored. Resume the work.`,
    },
    cancelled: {
      verb: 'End',
      paragraph: `${input.title} for ${input.email} is cancelled: ${amount} was never paid. End the work and hand back what is the customer's; the customer has been told.`,
    },
  }[input.event];
  return renderMail(config, {
    subject: `${told.verb}: ${input.title} for ${input.email}`.slice(0, 150),
    greeting: 'Hello team,',
    paragraphs: [told.paragraph],
    action: { label: 'Open past due', url: `${config.publicUrl}/admin/past-due` },
  });
}
