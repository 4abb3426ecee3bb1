import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { firstName, renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';
import { templateMail } from '../../integrations/mail/templates/template-mail.ts';

/** The receipt sent when an order is paid in full. */
export function receiptMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: {
    name: string;
    orderReference: string;
    /** The payment that completed it; null when account credit paid it all. */
    paymentReference: string | null;
    /** "Card (PayFast)", "Account credit and Bank transfer (EFT)" */
    paidWith: string;
    /** Its number, "INV-000042". */
    invoice: string;
    items: { title: string; quantity: number; totalCents: number }[];
    totalCents: number;
  },
): RenderedMail {
  const vat = vatWording(config.site.vatRegistered);
  return templateMail(
    config,
    'receipt',
    {
      customer_first_name: firstName(input.name),
      order_reference: input.orderReference,
      total: formatZAR(input.totalCents),
      paid_with: input.paidWith,
      items: input.items
        .map(
          (item) =>
            `${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.title}: ${formatZAR(item.totalCents)}`,
        )
        .join('\n'),
      vat_sentence: vat.vatIn(input.totalCents),
      invoice_noun: vat.invoiceNoun,
      invoice_number: input.invoice,
    },
    input.paymentReference
      ? { actionUrl: `${config.publicUrl}/payment/details/${input.paymentReference}` }
      : { actionUrl: `${config.publicUrl}/dashboard`, actionLabel: 'See your orders' },
  );
}

/** To the customer: part of an order's price arrived; the rest is still due. */
export function partPaymentMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { name: string; orderReference: string; amountCents: number; dueCents: number },
): RenderedMail {
  return renderMail(config, {
    subject: `${formatZAR(input.amountCents)} received for order ${input.orderReference}`,
    greeting: `Hi ${input.name.split(/\s+/)[0]},`,
    paragraphs: [
      `Thank you: we received ${formatZAR(input.amountCents)} for order ${input.orderReference}.`,
      `${formatZAR(input.dueCents)} is still due. Pay it the same way, with ${input.orderReference} as the reference, and we start as soon as the order is paid in full; your ${vatWording(config.site.vatRegistered).invoiceNoun} follows then.`,
    ],
    action: { label: 'See the order', url: `${config.publicUrl}/dashboard` },
  });
}

/** To the company: PayFast keeps giving no verdict on an ITN, so a payment waits unapplied. */
export function notificationUnconfirmedAdminMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: {
    notificationId: number;
    /** Who runs the payment method: "PayFast". */
    method: string;
    paymentReference: string | null;
    error: string;
    tries: number;
    final: boolean;
  },
): RenderedMail {
  const payment = input.paymentReference ?? 'an unknown payment';
  return renderMail(config, {
    subject: input.final
      ? `${input.method} never confirmed the notification for ${payment}`
      : `${input.method} is not confirming the notification for ${payment}`,
    greeting: `A payment is waiting for ${input.method},`,
    paragraphs: [
      `${input.method} sent a payment notification (number ${input.notificationId}) for ${payment}, but its confirmation has failed ${input.tries} times.`,
      `Last answer: ${input.error}`,
      input.final
        ? `The check has stopped trying. Check the ${input.method} settings and try the job again from Background jobs, or apply the payment by hand.`
        : `The check keeps trying, less often each time, for at least 24 hours. If ${input.method} answers 403, ask them to allow this server.`,
    ],
    action: { label: 'Open Background jobs', url: `${config.publicUrl}/admin/jobs` },
  });
}

/** To the customer: money is on its way back, with the credit note when the refund is of a sale. */
export function creditNoteMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: {
    name: string;
    orderReference: string;
    paymentReference: string;
    amountCents: number;
    reason: string;
    creditNote: string | null;
    /** 'credit', or how the method sent it ("Refunded by PayFast to the card", "Paid … into …"). */
    route: string;
  },
): RenderedMail {
  const toCredit = input.route === 'credit';
  const toCard = / to the card$/.test(input.route);
  return renderMail(config, {
    subject: `Refund of ${formatZAR(input.amountCents)} for order ${input.orderReference}`,
    greeting: `Hi ${input.name.split(/\s+/)[0]},`,
    paragraphs: [
      toCredit
        ? `We have refunded ${formatZAR(input.amountCents)} of your payment ${input.paymentReference} for order ${input.orderReference} as credit on your account. It pays your next order at checkout.`
        : toCard
          ? `We have refunded ${formatZAR(input.amountCents)} of your payment ${input.paymentReference} for order ${input.orderReference} to the card you paid with.`
          : `We have refunded ${formatZAR(input.amountCents)} of your payment ${input.paymentReference} for order ${input.orderReference}: ${input.route.replace(/^Paid by [^ ]+ into the buyer's/, 'paid into your')}.`,
      `Reason: ${input.reason}`,
      toCredit
        ? 'Your account shows the credit and every change to it.'
        : toCard
          ? 'Card refunds usually reach your account within 3 to 7 working days, depending on your bank.'
          : 'Bank payouts usually reach your account within 3 working days.',
      input.creditNote
        ? `Credit note ${input.creditNote} is attached as a PDF; you can download it again from the payment page.`
        : 'This was a second payment for an order already paid, so no invoice or credit note is involved.',
    ],
    action: {
      label: 'See the payment',
      url: `${config.publicUrl}/payment/details/${input.paymentReference}`,
    },
  });
}

/** To the company: PayFast would not make a refund, so the customer still waits for money. */
export function refundFailedAdminMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: {
    refundReference: string;
    paymentReference: string;
    amountCents: number;
    why: string;
    /** PayFast said no; otherwise it never answered, so the refund may have been made. */
    refused: boolean;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Refund ${input.refundReference} of ${formatZAR(input.amountCents)} failed`,
    greeting: 'A refund did not go through,',
    paragraphs: [
      `Refund ${input.refundReference} of ${formatZAR(input.amountCents)} on payment ${input.paymentReference} failed.`,
      input.refused ? `PayFast's answer: ${input.why}` : `Last error: ${input.why}`,
      input.refused
        ? 'Nothing was refunded. Fix the cause and refund again from the order book, or refund the customer another way.'
        : 'PayFast never answered, so its answer may have been lost after it made the refund: check the payment in PayFast’s dashboard before refunding again.',
    ],
    action: { label: 'Open the order book', url: `${config.publicUrl}/admin/dashboard` },
  });
}

/** To the company: an order was paid twice; the second payment is owed back. */
export function overpaymentAdminMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { orderReference: string; paymentReference: string; amountCents: number },
): RenderedMail {
  return renderMail(config, {
    subject: `Order ${input.orderReference} was paid twice`,
    greeting: 'A customer has paid twice,',
    paragraphs: [
      `Payment ${input.paymentReference} of ${formatZAR(input.amountCents)} arrived for order ${input.orderReference}, which was already paid.`,
      'It is kept as the customer’s account credit, which pays their next order. If they would rather have it back, refund it from the order book.',
    ],
    action: { label: 'Open the order book', url: `${config.publicUrl}/admin/dashboard` },
  });
}

/** To the customer: a second payment arrived for an order already paid; it is their credit. */
export function overpaymentCustomerMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { name: string; orderReference: string; paymentReference: string; amountCents: number },
): RenderedMail {
  return renderMail(config, {
    subject: `You paid order ${input.orderReference} twice`,
    greeting: `Hi ${input.name.split(/\s+/)[0]},`,
    paragraphs: [
      `We received a second payment (${input.paymentReference}) of ${formatZAR(input.amountCents)} for order ${input.orderReference}, which was already paid.`,
      'Nothing is lost: it is kept as credit on your account, which pays your next order at checkout. Would you rather have it back? Reply to this e-mail and we refund it the way it came.',
    ],
    action: {
      label: 'See the payment',
      url: `${config.publicUrl}/payment/details/${input.paymentReference}`,
    },
  });
}
