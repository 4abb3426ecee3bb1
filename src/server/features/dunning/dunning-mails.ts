import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { firstName, renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';
import { templateMail } from '../../integrations/mail/templates/template-mail.ts';

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

/** The button pays the amount; for a monthly service, whose card PayFast charges, it checks it. */
const payAction = (facts: DunningMailFacts) => ({
  actionUrl: facts.payUrl,
  ...(facts.monthly ? { actionLabel: 'Check your subscription' } : {}),
});
/** How a monthly customer pays: PayFast tries the card again, so the card must be good. */
const monthlyHow =
  'PayFast charges your card again by itself: please make sure the card is valid and has funds, or update it in your PayFast account.';

/** The variables every dunning mail to the customer has (templates/registry.ts). */
const dunningValues = (facts: DunningMailFacts) => ({
  customer_first_name: firstName(facts.name),
  service: facts.title,
  amount: formatZAR(facts.amountCents),
  due_date: formatDate(facts.dueAt),
});

/** Days before a renewal: what it costs and when it is due. */
export function renewalReminderMail(config: MailConfig, facts: DunningMailFacts): RenderedMail {
  return templateMail(
    config,
    'renewal-reminder',
    {
      ...dunningValues(facts),
      invoice_noun: vatWording(config.site.vatRegistered).invoiceNoun,
    },
    payAction(facts),
  );
}

/** After the due date, while unpaid: a reminder to pay (a monthly charge: to fix the card). */
export function paymentOverdueMail(config: MailConfig, facts: DunningMailFacts): RenderedMail {
  return templateMail(
    config,
    'payment-overdue',
    {
      ...dunningValues(facts),
      what_is_due: facts.monthly
        ? `Your monthly payment of ${formatZAR(facts.amountCents)} for ${facts.title} has not gone through since ${formatDate(facts.dueAt)}.`
        : `${formatZAR(facts.amountCents)} for ${facts.title} was due on ${formatDate(facts.dueAt)} and is still unpaid.`,
      how_to_pay: facts.monthly ? monthlyHow : 'Please pay it now to keep your service running.',
    },
    payAction(facts),
  );
}

/** The end of the grace days: the date the service is suspended unless paid. */
export function finalNoticeMail(
  config: MailConfig,
  facts: DunningMailFacts & { suspendOn: Date; domain: boolean },
): RenderedMail {
  return templateMail(
    config,
    'final-notice',
    {
      ...dunningValues(facts),
      consequence: facts.domain
        ? `Unless it is paid by ${formatDate(facts.suspendOn)}, the domain will not be renewed and may be lost.`
        : `Unless it is paid by ${formatDate(facts.suspendOn)}, we will suspend the service until it is.`,
      card_note: facts.monthly ? monthlyHow : '',
    },
    payAction(facts),
  );
}

/** Suspended: what that means and how to restore it. */
export function serviceSuspendedMail(
  config: MailConfig,
  facts: DunningMailFacts & { domain: boolean; cancelOn: Date },
): RenderedMail {
  return templateMail(
    config,
    'service-suspended',
    {
      ...dunningValues(facts),
      what_happened: facts.domain
        ? `${facts.title} was not paid, so the domain is not being renewed.`
        : `${facts.title} is suspended: ${formatZAR(facts.amountCents)} has been due since ${formatDate(facts.dueAt)}, so our team has stopped the work.`,
      cancel_date: formatDate(facts.cancelOn),
      card_note: facts.monthly ? monthlyHow : '',
    },
    payAction(facts),
  );
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
