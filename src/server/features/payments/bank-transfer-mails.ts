import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;
const firstName = (name: string) => name.split(/\s+/)[0];

export interface BankDetails {
  bankName: string;
  holder: string;
  accountNumber: string;
  branchCode: string;
  accountType: 'current' | 'savings';
}

/** The account and reference, as lines a customer can copy into their banking app. */
export const bankDetailLines = (payTo: BankDetails, reference: string, amountCents: number) => [
  `Bank: ${payTo.bankName}`,
  `Account holder: ${payTo.holder}`,
  `Account number: ${payTo.accountNumber} (${payTo.accountType === 'current' ? 'current / cheque' : 'savings'})`,
  `Branch code: ${payTo.branchCode}`,
  `Reference: ${reference}`,
  `Amount: ${formatZAR(amountCents)}`,
];

/** To the customer who chose a bank transfer: what to pay, where, and by when. */
export function bankTransferInstructionsMail(
  config: MailConfig,
  input: {
    name: string;
    orderReference: string;
    payTo: BankDetails;
    amountCents: number;
    payBy: Date;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `How to pay order ${input.orderReference} by bank transfer`,
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `Thank you for your order. Please pay ${formatZAR(input.amountCents)} by EFT into this account, with ${input.orderReference} as the reference so we can match your payment:`,
      ...bankDetailLines(input.payTo, input.orderReference, input.amountCents),
      `We keep the order for you until ${formatDate(input.payBy)}. Payments between banks can take up to two working days to show; your ${vatWording(config.site.vatRegistered).invoiceNoun} follows as soon as the money arrives.`,
    ],
    action: {
      label: 'Download the pro-forma invoice',
      url: `${config.publicUrl}/api/orders/${input.orderReference}/pro-forma.pdf`,
    },
  });
}

/** To the customer: an order waiting for a bank transfer is cancelled soon. */
export function bankTransferReminderMail(
  config: MailConfig,
  input: {
    name: string;
    orderReference: string;
    payTo: BankDetails;
    dueCents: number;
    payBy: Date;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Order ${input.orderReference} is kept until ${formatDate(input.payBy)}`,
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `We have not yet received ${formatZAR(input.dueCents)} for order ${input.orderReference}. If it is not paid by ${formatDate(input.payBy)}, the order is cancelled.`,
      ...bankDetailLines(input.payTo, input.orderReference, input.dueCents),
      'Already paid? Upload your proof of payment on the order, and we match it by hand.',
    ],
    action: { label: 'See the order', url: `${config.publicUrl}/dashboard` },
  });
}

/** To the customer: an order was not paid in time and is cancelled. */
export function bankTransferExpiredMail(
  config: MailConfig,
  input: { name: string; orderReference: string; keptAsCreditCents: number },
): RenderedMail {
  return renderMail(config, {
    subject: `Order ${input.orderReference} is cancelled`,
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: [
      `We did not receive the bank transfer for order ${input.orderReference} in time, so it is cancelled.`,
      input.keptAsCreditCents > 0
        ? `The ${formatZAR(input.keptAsCreditCents)} you paid towards it is kept as credit on your account, and pays your next order at checkout.`
        : 'Nothing was paid towards it, so nothing is owed.',
      'Still want it? Order again on the site, or reply to this e-mail if you paid and we missed it.',
    ],
    action: { label: 'See your account', url: `${config.publicUrl}/dashboard` },
  });
}
