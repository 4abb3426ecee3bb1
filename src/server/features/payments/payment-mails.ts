import { formatZAR, vatFromInclusive } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

/** The receipt sent when PayFast confirms a payment. */
export function receiptMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: {
    name: string;
    orderReference: string;
    paymentReference: string;
    /** e.g. "tax invoice INV-000042" */
    invoice: string;
    items: { title: string; quantity: number; totalCents: number }[];
    totalCents: number;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Payment received for order ${input.orderReference}`,
    greeting: `Hi ${input.name.split(/\s+/)[0]},`,
    paragraphs: [
      `Thank you: we received your card payment of ${formatZAR(input.totalCents)} for order ${input.orderReference}.`,
      ...input.items.map(
        (item) =>
          `${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.title}: ${formatZAR(item.totalCents)}`,
      ),
      `Total ${formatZAR(input.totalCents)}, which includes VAT of ${formatZAR(vatFromInclusive(input.totalCents))} at 15%.`,
      `Your ${input.invoice} is attached as a PDF, and you can download it again from your dashboard at any time.`,
      'We start on your order today and keep you updated by e-mail.',
    ],
    action: {
      label: 'See the payment',
      url: `${config.publicUrl}/payment/details/${input.paymentReference}`,
    },
  });
}

/** To the company: PayFast keeps giving no verdict on an ITN, so a payment waits unapplied. */
export function itnUnconfirmedAdminMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: {
    itnId: number;
    paymentReference: string | null;
    error: string;
    tries: number;
    final: boolean;
  },
): RenderedMail {
  const payment = input.paymentReference ?? 'an unknown payment';
  return renderMail(config, {
    subject: input.final
      ? `PayFast never confirmed the notification for ${payment}`
      : `PayFast is not confirming the notification for ${payment}`,
    greeting: 'A card payment is waiting for PayFast,',
    paragraphs: [
      `PayFast sent a payment notification (ITN ${input.itnId}) for ${payment}, but its server confirmation has failed ${input.tries} times.`,
      `Last answer: ${input.error}`,
      input.final
        ? 'The check has stopped trying. Check the PayFast settings and try the job again from Background jobs, or apply the payment by hand.'
        : 'The check keeps trying, less often each time, for at least 24 hours. If PayFast answers 403, ask PayFast to allow this server.',
    ],
    action: { label: 'Open Background jobs', url: `${config.publicUrl}/admin/jobs` },
  });
}
