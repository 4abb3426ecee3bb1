import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { firstName, type RenderedMail } from '../../integrations/mail/mail-template.ts';
import { templateMail } from '../../integrations/mail/templates/template-mail.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

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
  return templateMail(
    config,
    'bank-transfer-instructions',
    {
      customer_first_name: firstName(input.name),
      order_reference: input.orderReference,
      amount: formatZAR(input.amountCents),
      bank_details: bankDetailLines(input.payTo, input.orderReference, input.amountCents).join(
        '\n',
      ),
      pay_by: formatDate(input.payBy),
      invoice_noun: vatWording(config.site.vatRegistered).invoiceNoun,
    },
    { actionUrl: `${config.publicUrl}/api/orders/${input.orderReference}/pro-forma.pdf` },
  );
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
  return templateMail(
    config,
    'bank-transfer-reminder',
    {
      customer_first_name: firstName(input.name),
      order_reference: input.orderReference,
      amount_due: formatZAR(input.dueCents),
      bank_details: bankDetailLines(input.payTo, input.orderReference, input.dueCents).join('\n'),
      pay_by: formatDate(input.payBy),
    },
    { actionUrl: `${config.publicUrl}/dashboard` },
  );
}

/** To the customer: an order was not paid in time and is cancelled. */
export function bankTransferExpiredMail(
  config: MailConfig,
  input: { name: string; orderReference: string; keptAsCreditCents: number },
): RenderedMail {
  return templateMail(
    config,
    'bank-transfer-expired',
    {
      customer_first_name: firstName(input.name),
      order_reference: input.orderReference,
      what_was_paid:
        input.keptAsCreditCents > 0
          ? `The ${formatZAR(input.keptAsCreditCents)} you paid towards it is kept as credit on your account, and pays your next order at checkout.`
          : 'Nothing was paid towards it, so nothing is owed.',
    },
    { actionUrl: `${config.publicUrl}/dashboard` },
  );
}
