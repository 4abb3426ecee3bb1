/**
 * The mails the owner may reword in the back office (issue 32 §4), with their shipped text. A
 * mail's text is a subject and a body: the body's first block is the greeting, each further block
 * (separated by an empty line) a paragraph. `{placeholders}` are the mail's own variables and the
 * ones every mail has (commonVariables); a text using any other is refused when saved. The button
 * and the note under it belong to what the mail does (a link with a token, how long it stays
 * valid) and stay as shipped. `required` names what the wording must keep, and why: the law's
 * words on a tax invoice, the reference that threads a ticket's mails.
 */

import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';

export interface TemplateVariable {
  /** What it holds, for the editor. */
  description: string;
  /** The value the preview and the test send use. */
  sample: string;
}

export interface RequiredPlaceholder {
  placeholder: string;
  /** Where it must stay. */
  in: 'subject' | 'body';
  why: string;
}

export interface MailTemplateDefinition {
  name: string;
  audience: 'customer' | 'team';
  /** When it is sent. */
  sentWhen: string;
  variables: Record<string, TemplateVariable>;
  subject: string;
  body: string;
  /** The button's label, when the mail has one (its link is made by the code that sends it). */
  action?: string;
  footnote?: string;
  required: RequiredPlaceholder[];
}

/** Variables every mail may use. */
export const commonVariables = {
  company_name: { description: 'Our company name', sample: 'Sebenza Digital' },
  contact_email: { description: 'Our contact address', sample: 'hello@sebenzadigital.co.za' },
  site_url: { description: 'Our website address', sample: 'https://sebenzadigital.co.za' },
} satisfies Record<string, TemplateVariable>;

const customerFirstName = {
  description: "The customer's first name",
  sample: 'Thandi',
} satisfies TemplateVariable;
const ticketVariables = {
  customer_first_name: customerFirstName,
  ticket_reference: { description: 'The ticket number', sample: 'T-20261127-0042' },
  ticket_subject: { description: "The ticket's subject", sample: 'My website is down' },
} satisfies Record<string, TemplateVariable>;

// The samples speak as a VAT vendor does; sent mails take their words from vat-wording.ts.
const registered = vatWording(true);
const invoiceNoun = {
  description: 'What the invoice is called (the VAT Act decides, by our VAT registration)',
  sample: registered.invoiceNoun,
} satisfies TemplateVariable;
const vatIncluded = {
  description: 'The note on VAT after the amount (empty when we are not registered for VAT)',
  sample: registered.included,
} satisfies TemplateVariable;

const orderReference = {
  description: 'The order number',
  sample: 'SD-20261127-0007',
} satisfies TemplateVariable;
const bankDetails = {
  description: 'Our bank account, the reference and the amount, one per line',
  sample: `Bank: First National Bank\nAccount holder: Sebenza Digital (Pty) Ltd\nAccount number: 62000000000 (current / cheque)\nBranch code: 250655\nReference: SD-20261127-0007\nAmount: ${formatZAR(344_900)}`,
} satisfies TemplateVariable;
const bankDetailsInBody: RequiredPlaceholder = {
  placeholder: 'bank_details',
  in: 'body',
  why: 'The customer pays into the account it names.',
};
const referenceInBody: RequiredPlaceholder = {
  placeholder: 'order_reference',
  in: 'body',
  why: 'Without the reference we cannot match the payment to the order.',
};
const dunningVariables = {
  customer_first_name: customerFirstName,
  service: {
    description: 'What is owed for',
    sample: 'Renewal of nkosi.co.za, 1 year',
  },
  amount: { description: 'The amount owed', sample: formatZAR(45_000) },
  due_date: { description: 'The day it was due', sample: '27 November 2026' },
} satisfies Record<string, TemplateVariable>;
const amountInBody: RequiredPlaceholder = {
  placeholder: 'amount',
  in: 'body',
  why: 'The mail says what is owed.',
};
const alreadyPaid =
  'Already paid? Thank you: this mail crossed your payment, and you can ignore it.';

const ticketReferenceInSubject: RequiredPlaceholder = {
  placeholder: 'ticket_reference',
  in: 'subject',
  why: 'The ticket number in the subject keeps a reply by e-mail on its ticket.',
};

const definitions = {
  'ticket-opened': {
    name: 'Ticket received',
    audience: 'customer',
    sentWhen: 'A customer or visitor opens a support ticket (on the site or by e-mail).',
    variables: {
      ...ticketVariables,
      message: {
        description: 'What they wrote',
        sample: 'Since this morning the site shows an error.',
      },
    },
    subject: '[{ticket_reference}] We received your message: {ticket_subject}',
    body: 'Hi {customer_first_name},\n\nThank you for writing to us. Your ticket number is {ticket_reference}; we reply within one business day, usually much sooner.\n\nYour message: “{message}”',
    action: 'Follow the conversation',
    footnote: 'Keep this e-mail: the link lets you read our answers and reply at any time.',
    required: [ticketReferenceInSubject],
  },
  'ticket-staff-reply': {
    name: 'Reply to a ticket',
    audience: 'customer',
    sentWhen: 'Someone on the team answers a ticket.',
    variables: {
      ...ticketVariables,
      staff_name: { description: 'Who on the team answered', sample: 'Sipho Dlamini' },
      reply: {
        description: 'The answer',
        sample: 'We restarted the server; the site is back. Please check on your side.',
      },
    },
    subject: '[{ticket_reference}] New reply: {ticket_subject}',
    body: 'Hi {customer_first_name},\n\n{staff_name} replied to your ticket {ticket_reference}:\n\n{reply}',
    action: 'Reply',
    required: [
      ticketReferenceInSubject,
      { placeholder: 'reply', in: 'body', why: 'The mail exists to carry the answer.' },
    ],
  },
  'ticket-resolved': {
    name: 'Ticket resolved',
    audience: 'customer',
    sentWhen: 'The team marks a ticket resolved (the mail carries the one-click rating).',
    variables: {
      ...ticketVariables,
      reopen_until: { description: 'The last day a reply opens it again', sample: '04/12/2026' },
      close_days: { description: 'Days after which it closes', sample: '7' },
    },
    subject: '[{ticket_reference}] Resolved: {ticket_subject}',
    body: 'Hi {customer_first_name},\n\nWe marked your ticket {ticket_reference} as resolved.\n\nIf something is still not right, reply before {reopen_until} and the ticket opens again; after {close_days} days it closes.',
    action: 'See the conversation',
    required: [ticketReferenceInSubject],
  },
  'ticket-closing-soon': {
    name: 'Waiting for the customer',
    audience: 'customer',
    sentWhen: 'A ticket has waited on the customer for a week, three days before it closes.',
    variables: {
      ...ticketVariables,
      close_date: { description: 'The day it closes without a reply', sample: '30/11/2026' },
    },
    subject: '[{ticket_reference}] Waiting for your reply: {ticket_subject}',
    body: 'Hi {customer_first_name},\n\nWe answered your ticket {ticket_reference} and are waiting for your reply.\n\nIf we do not hear from you by {close_date}, we will close the ticket. You can always open a new one and mention its number.',
    action: 'Reply',
    required: [ticketReferenceInSubject],
  },
  'ticket-closed': {
    name: 'Ticket closed',
    audience: 'customer',
    sentWhen: 'A ticket that waited on the customer closes (the mail carries the rating).',
    variables: {
      ...ticketVariables,
      waited_days: { description: 'How many days it waited', sample: '10' },
    },
    subject: '[{ticket_reference}] Closed: {ticket_subject}',
    body: 'Hi {customer_first_name},\n\nWe closed your ticket {ticket_reference}: we had not heard from you for {waited_days} days.\n\nIf you still need help, open a new ticket and mention its number.',
    action: 'See the conversation',
    required: [ticketReferenceInSubject],
  },
  receipt: {
    name: 'Payment received (with the invoice)',
    audience: 'customer',
    sentWhen: 'An order is paid in full; the invoice PDF is attached.',
    variables: {
      customer_first_name: customerFirstName,
      order_reference: { description: 'The order number', sample: 'SD-20261127-0007' },
      total: { description: 'The amount paid', sample: formatZAR(344_900) },
      paid_with: { description: 'How it was paid', sample: 'Card (PayFast)' },
      items: {
        description: 'The order lines, one per line',
        sample: `Business website (Starter): ${formatZAR(299_900)}\nCustom e-mail: ${formatZAR(45_000)}`,
      },
      vat_sentence: {
        description: 'The VAT in the total (empty when we are not registered for VAT)',
        sample: registered.vatIn(344_900),
      },
      invoice_noun: invoiceNoun,
      invoice_number: { description: "The invoice's number", sample: 'INV-000042' },
    },
    subject: 'Payment received for order {order_reference}',
    action: 'See the payment',
    body: 'Hi {customer_first_name},\n\nThank you: order {order_reference} is paid in full ({total}, paid with {paid_with}).\n\n{items}\n\nTotal {total}. {vat_sentence}\n\nYour {invoice_noun} {invoice_number} is attached as a PDF, and you can download it again from your dashboard at any time.\n\nWe start on your order today and keep you updated by e-mail.',
    required: [
      {
        placeholder: 'invoice_noun',
        in: 'body',
        why: 'The mail names the document it carries as the VAT Act names it.',
      },
      {
        placeholder: 'invoice_number',
        in: 'body',
        why: 'The attached invoice is named by its number.',
      },
      { placeholder: 'total', in: 'body', why: 'A receipt states the amount received.' },
    ],
  },
  'invoice-sent': {
    name: 'Invoice to pay',
    audience: 'customer',
    sentWhen: 'The team raises an invoice (custom work, a deposit or a balance).',
    variables: {
      customer_first_name: customerFirstName,
      order_reference: { description: 'The invoice (order) number', sample: 'SD-20261127-0008' },
      invoice_title: { description: 'What it is for', sample: 'Website redesign: deposit' },
      total: { description: 'The amount due', sample: formatZAR(575_000) },
      vat_included: vatIncluded,
      due_date: { description: 'The day it is due', sample: '11/12/2026' },
      invoice_noun: invoiceNoun,
    },
    subject: 'Invoice {order_reference}: {total} due {due_date}',
    body: 'Hi {customer_first_name},\n\n{invoice_title}: {total}{vat_included}, due by {due_date}.\n\nPay it by card, bank transfer or account credit from the link below. Your {invoice_noun} follows as soon as the payment clears.',
    action: 'Pay the invoice',
    footnote:
      'Questions? Reply to this e-mail or write to {contact_email} and quote {order_reference}.',
    required: [
      { placeholder: 'total', in: 'body', why: 'An invoice mail states the amount due.' },
      { placeholder: 'due_date', in: 'body', why: 'An invoice mail states when it is due.' },
    ],
  },
  'quote-sent': {
    name: 'Quote',
    audience: 'customer',
    sentWhen: 'The team sends a quote.',
    variables: {
      customer_first_name: customerFirstName,
      quote_number: { description: 'The quote number', sample: 'Q-000015' },
      total: { description: 'The quoted amount', sample: formatZAR(1_150_000) },
      vat_included: vatIncluded,
      payment_terms: {
        description: 'The deposit asked, or that it is paid in full on acceptance',
        sample: `To start, we ask for a deposit (50%) of ${formatZAR(575_000)} when you accept; the balance is invoiced when the work is delivered.`,
      },
      valid_until: { description: 'The last day it can be accepted', sample: '27/12/2026' },
    },
    subject: 'Your quote {quote_number}: {total}',
    body: 'Hi {customer_first_name},\n\nHere is our quote {quote_number} for {total}{vat_included}.\n\n{payment_terms}\n\nYou can accept it online until {valid_until}, and pay by card, bank transfer or account credit.',
    action: 'Read and accept the quote',
    required: [
      { placeholder: 'total', in: 'body', why: 'A quote states its amount.' },
      { placeholder: 'valid_until', in: 'body', why: 'A quote states how long it stands.' },
    ],
  },
  'bank-transfer-instructions': {
    name: 'How to pay by bank transfer',
    audience: 'customer',
    sentWhen: 'A customer chooses to pay an order by EFT.',
    variables: {
      customer_first_name: customerFirstName,
      order_reference: orderReference,
      amount: { description: 'The amount to pay', sample: formatZAR(344_900) },
      bank_details: bankDetails,
      pay_by: { description: 'The last day we keep the order', sample: '4 December 2026' },
      invoice_noun: invoiceNoun,
    },
    subject: 'How to pay order {order_reference} by bank transfer',
    body: 'Hi {customer_first_name},\n\nThank you for your order. Please pay {amount} by EFT into this account, with {order_reference} as the reference so we can match your payment:\n\n{bank_details}\n\nWe keep the order for you until {pay_by}. Payments between banks can take up to two working days to show; your {invoice_noun} follows as soon as the money arrives.',
    action: 'Download the pro-forma invoice',
    required: [bankDetailsInBody, referenceInBody],
  },
  'bank-transfer-reminder': {
    name: 'Bank transfer not yet received',
    audience: 'customer',
    sentWhen: 'An order waiting for an EFT is close to being cancelled.',
    variables: {
      customer_first_name: customerFirstName,
      order_reference: orderReference,
      amount_due: { description: 'What is still due', sample: formatZAR(344_900) },
      bank_details: bankDetails,
      pay_by: { description: 'The day it is cancelled unless paid', sample: '4 December 2026' },
    },
    subject: 'Order {order_reference} is kept until {pay_by}',
    body: 'Hi {customer_first_name},\n\nWe have not yet received {amount_due} for order {order_reference}. If it is not paid by {pay_by}, the order is cancelled.\n\n{bank_details}\n\nAlready paid? Upload your proof of payment on the order, and we match it by hand.',
    action: 'See the order',
    required: [
      bankDetailsInBody,
      { placeholder: 'pay_by', in: 'body', why: 'The customer must know the last day.' },
    ],
  },
  'bank-transfer-expired': {
    name: 'Order cancelled: no bank transfer',
    audience: 'customer',
    sentWhen: 'An order waiting for an EFT was not paid in time.',
    variables: {
      customer_first_name: customerFirstName,
      order_reference: orderReference,
      what_was_paid: {
        description:
          'What happens to any part payment (kept as account credit), or that nothing is owed',
        sample: `The ${formatZAR(100_000)} you paid towards it is kept as credit on your account, and pays your next order at checkout.`,
      },
    },
    subject: 'Order {order_reference} is cancelled',
    body: 'Hi {customer_first_name},\n\nWe did not receive the bank transfer for order {order_reference} in time, so it is cancelled.\n\n{what_was_paid}\n\nStill want it? Order again on the site, or reply to this e-mail if you paid and we missed it.',
    action: 'See your account',
    required: [
      {
        placeholder: 'what_was_paid',
        in: 'body',
        why: 'A customer who paid part must hear where the money is.',
      },
    ],
  },
  'renewal-reminder': {
    name: 'Renewal due soon',
    audience: 'customer',
    sentWhen: 'Days before a renewal is due (the dunning policy says how many).',
    variables: { ...dunningVariables, invoice_noun: invoiceNoun },
    subject: 'Renewal due soon: {service}',
    body: 'Hi {customer_first_name},\n\n{service} is due for renewal on {due_date}: {amount} is payable.\n\nPay before then to keep it running without a break; your {invoice_noun} is e-mailed when you pay.',
    action: 'Pay {amount} now',
    footnote: alreadyPaid,
    required: [amountInBody],
  },
  'payment-overdue': {
    name: 'Payment still due',
    audience: 'customer',
    sentWhen: 'A renewal or a monthly charge is past due (the dunning policy says when).',
    variables: {
      ...dunningVariables,
      what_is_due: {
        description: 'What is unpaid since when (a monthly charge that failed, or an amount due)',
        sample: `${formatZAR(45_000)} for Renewal of nkosi.co.za, 1 year was due on 27 November 2026 and is still unpaid.`,
      },
      how_to_pay: {
        description: 'What to do: pay now, or (monthly) make sure the card PayFast charges is good',
        sample: 'Please pay it now to keep your service running.',
      },
    },
    subject: 'Payment still due: {service}',
    body: 'Hi {customer_first_name},\n\n{what_is_due}\n\n{how_to_pay}',
    action: 'Pay {amount} now',
    footnote: alreadyPaid,
    required: [{ placeholder: 'what_is_due', in: 'body', why: 'The mail says what is owed.' }],
  },
  'final-notice': {
    name: 'Final notice',
    audience: 'customer',
    sentWhen: 'At the end of the grace days: the date the service is suspended unless paid.',
    variables: {
      ...dunningVariables,
      consequence: {
        description:
          'What happens if unpaid by the date (a domain is not renewed; a service is suspended)',
        sample: 'Unless it is paid by 11 December 2026, we will suspend the service until it is.',
      },
      card_note: {
        description: 'For a monthly service: that PayFast charges the card again (empty otherwise)',
        sample: '',
      },
    },
    subject: 'Final notice: {service}',
    body: 'Hi {customer_first_name},\n\n{amount} for {service} has been due since {due_date}.\n\n{consequence}\n\n{card_note}',
    action: 'Pay {amount} now',
    footnote: alreadyPaid,
    required: [
      amountInBody,
      {
        placeholder: 'consequence',
        in: 'body',
        why: 'A final notice says what happens, and when.',
      },
    ],
  },
  'service-suspended': {
    name: 'Service suspended',
    audience: 'customer',
    sentWhen: 'Dunning suspends an unpaid service (or stops renewing a domain).',
    variables: {
      ...dunningVariables,
      what_happened: {
        description: 'What was suspended and why',
        sample: `Bookkeeping Starter is suspended: ${formatZAR(45_000)} has been due since 27 November 2026, so our team has stopped the work.`,
      },
      cancel_date: {
        description: 'The day it is cancelled unless paid',
        sample: '27 December 2026',
      },
      card_note: {
        description: 'For a monthly service: that PayFast charges the card again (empty otherwise)',
        sample: '',
      },
    },
    subject: 'Service suspended: {service}',
    body: 'Hi {customer_first_name},\n\n{what_happened}\n\nPay {amount} and it is restored at once. Unpaid on {cancel_date}, it is cancelled.\n\n{card_note}',
    action: 'Pay {amount} now',
    footnote: alreadyPaid,
    required: [
      amountInBody,
      {
        placeholder: 'cancel_date',
        in: 'body',
        why: 'The customer must know when it is cancelled.',
      },
    ],
  },
  'verify-email': {
    name: 'Confirm the e-mail address',
    audience: 'customer',
    sentWhen: 'Someone creates an account.',
    variables: { customer_first_name: customerFirstName },
    subject: 'Confirm your e-mail address for {company_name}',
    body: 'Hi {customer_first_name},\n\nWelcome to {company_name}. Please confirm that this is your e-mail address so that we can send you order updates, invoices and support replies.',
    action: 'Confirm my e-mail address',
    footnote:
      'The link works once and stays valid for 48 hours. If you did not sign up, ignore this e-mail.',
    required: [],
  },
  'reset-password': {
    name: 'Reset the password',
    audience: 'customer',
    sentWhen: 'A customer asks to reset a forgotten password.',
    variables: { customer_first_name: customerFirstName },
    subject: 'Reset your {company_name} password',
    body: 'Hi {customer_first_name},\n\nWe received a request to reset the password of your account.',
    action: 'Choose a new password',
    footnote:
      'The link works once and stays valid for 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    required: [],
  },
} satisfies Record<string, MailTemplateDefinition>;

export type MailTemplateKey = keyof typeof definitions;

/** The values a mail of `key` is sent with: its own variables (the common ones are added). */
export type MailTemplateValues<Key extends MailTemplateKey> = Record<
  keyof (typeof definitions)[Key]['variables'],
  string
>;

export const mailTemplates: Record<MailTemplateKey, MailTemplateDefinition> = definitions;

export const mailTemplateKeys = Object.keys(definitions) as MailTemplateKey[];

export const isMailTemplateKey = (key: string): key is MailTemplateKey =>
  Object.hasOwn(definitions, key);

/** Every variable `key`'s text may use: its own, then the common ones. */
export const variablesOf = (key: MailTemplateKey): Record<string, TemplateVariable> => ({
  ...mailTemplates[key].variables,
  ...commonVariables,
});
