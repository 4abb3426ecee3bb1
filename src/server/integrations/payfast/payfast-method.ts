import type { PayfastConfig } from '../../config.ts';
import { observePort, type ClassifyError } from '../../features/metrics/observe-port.ts';
import {
  PaymentMethodRefusedError,
  PaymentMethodUnavailableError,
  type NotifyingPaymentMethod,
  type PaymentMethod,
  type PaymentNotification,
  type PaymentOutcome,
  type RecurringAgreements,
  type RefusedNotification,
  type SavedCardCharges,
} from '../payment-methods/payment-method.ts';
import { payfastAmount, payfastAmountToCents } from './amounts.ts';
import { isInPayfastRanges, isPayfastSource } from './itn-source.ts';
import { createRefund, refundTerms } from './refunds-api.ts';
import {
  itnParamString,
  itnSignatureValid,
  signRedirectForm,
  signatureString,
} from './signature.ts';
import {
  cancelSubscription,
  chargeToken,
  pauseSubscription,
  unpauseSubscription,
  updateSubscriptionAmount,
} from './subscriptions-api.ts';

const field = (fields: [string, string][], name: string) =>
  fields.find(([key]) => key === name)?.[1]?.trim() ?? '';

/** PayFast's payment_status in the shop's words; anything else changes nothing yet. */
const outcomes: Record<string, PaymentOutcome> = {
  COMPLETE: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

/**
 * An ITN's amount_gross, amount_fee and amount_net in exact cents, null when not sent (a
 * CANCELLED ITN may come without them); the fee as a positive number (PayFast sends -2.30).
 */
function itnAmounts(fields: [string, string][]): PaymentNotification['amounts'] | string {
  const cents: (number | null)[] = [];
  for (const name of ['amount_gross', 'amount_fee', 'amount_net']) {
    const text = fields.find(([key]) => key === name)?.[1] ?? '';
    const value = text === '' ? null : payfastAmountToCents(text);
    if (text !== '' && value === null) return `${name} ${JSON.stringify(text)} is not an amount`;
    cents.push(value);
  }
  const [grossCents = null, fee = null, netCents = null] = cents;
  return { grossCents, feeCents: fee === null ? null : Math.abs(fee), netCents };
}

/**
 * PayFast's server confirmation: the same parameter string is posted back; exactly VALID
 * confirms, exactly INVALID refuses, anything else (a timeout, 403, 5xx, another body) is no
 * verdict, to be asked again later.
 */
async function confirmWithPayfast(validateUrl: string, fields: [string, string][]) {
  let response: Response;
  let body: string;
  try {
    response = await fetch(validateUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: itnParamString(fields),
      signal: AbortSignal.timeout(10_000),
    });
    body = (await response.text()).trim();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new PaymentMethodUnavailableError(`PayFast's validate endpoint did not answer: ${why}`);
  }
  if (response.ok && body === 'VALID') return true;
  if (response.ok && body === 'INVALID') return false;
  throw new PaymentMethodUnavailableError(
    `PayFast's validate endpoint answered ${response.status} ${JSON.stringify(body.slice(0, 80))}`,
  );
}

/** PayFast's API or validate endpoint failing (unavailable) or saying no (refused). */
const payfastFailure: ClassifyError = (error) =>
  error instanceof PaymentMethodUnavailableError
    ? 'unavailable'
    : error instanceof PaymentMethodRefusedError
      ? 'refused'
      : null;

/**
 * Cards (and PayFast's recurring billing) through PayFast, live, sandbox or the simulator. Its
 * calls to PayFast (server confirmation, refunds, subscriptions) are counted for the metrics
 * here, at the port.
 */
export function createPayfastMethod(config: PayfastConfig): PaymentMethod {
  const method = payfastPort(config);
  const recurring = observePort('payfast', method.recurring, payfastFailure, 'recurring.');
  const savedCards = observePort('payfast', method.savedCards, payfastFailure, 'savedCards.');
  return observePort('payfast', { ...method, recurring, savedCards }, payfastFailure);
}

type PayfastPort = NotifyingPaymentMethod & {
  readonly recurring: RecurringAgreements;
  readonly savedCards: SavedCardCharges;
};

/**
 * PayFast's hosted card-update page of a token, on the payment page's host (live, sandbox, or
 * the simulator's path on this site): `…/eng/recurring/update/{token}?return=…`.
 */
export const replaceCardUrl = (processUrl: string, token: string, returnUrl: string): string =>
  `${processUrl.replace(/\/eng\/process$/, '')}/eng/recurring/update/${encodeURIComponent(token)}?return=${encodeURIComponent(returnUrl)}`;

function payfastPort(config: PayfastConfig): PayfastPort {
  return {
    id: 'payfast',
    label: 'Card (PayFast)',
    provider: 'PayFast',

    start(request) {
      const [first = '', ...rest] = request.customer.fullName.split(/\s+/);
      const fields = signRedirectForm(
        {
          merchant_id: config.merchantId,
          merchant_key: config.merchantKey,
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          notify_url: request.notifyUrl,
          name_first: first.slice(0, 100),
          name_last: rest.join(' ').slice(0, 100),
          email_address: request.customer.email.slice(0, 100),
          m_payment_id: request.reference,
          amount: payfastAmount(request.totalCents),
          item_name: `Order ${request.orderReference}`,
          item_description: request.description.slice(0, 255),
          // Tokenisation: PayFast keeps the card and its ITN carries the token, with no schedule.
          ...(request.saveCard && !request.recurring ? { subscription_type: '2' } : {}),
          // The first month is in `amount`; PayFast bills the next ones itself.
          ...(request.recurring
            ? {
                subscription_type: '1',
                billing_date: request.recurring.firstBillingDate,
                recurring_amount: payfastAmount(request.recurring.amountCents),
                frequency: '3',
                cycles: '0',
              }
            : {}),
        },
        config.passphrase,
      );
      return { kind: 'redirect-form', action: config.processUrl, fields };
    },

    isOwnServer: isInPayfastRanges,
    signedText: (fields) =>
      `${signatureString(
        fields.filter(([key]) => key !== 'signature'),
        undefined,
      )}&passphrase=********`,

    identify: (fields) => ({
      paymentReference: field(fields, 'm_payment_id') || null,
      externalId: field(fields, 'pf_payment_id') || null,
      status: field(fields, 'payment_status') || null,
    }),

    readNotification(fields): PaymentNotification | RefusedNotification {
      const reference = field(fields, 'm_payment_id');
      const refuse = (why: string) => ({ refused: why, paymentReference: reference || null });
      if (!itnSignatureValid(fields, config.passphrase)) return refuse('signature mismatch');
      if (field(fields, 'merchant_id') !== config.merchantId) {
        return refuse('merchant id is not ours');
      }
      if (!reference) return refuse('unknown payment reference (none)');
      const statusText = field(fields, 'payment_status');
      const amounts = itnAmounts(fields);
      if (typeof amounts === 'string') return refuse(amounts);
      if (amounts.grossCents === null && statusText !== 'CANCELLED') {
        return refuse('no amount_gross');
      }
      const externalId = field(fields, 'pf_payment_id');
      if (!externalId) return refuse('no pf_payment_id');
      return {
        paymentReference: reference,
        externalId,
        outcome: outcomes[statusText] ?? 'pending',
        statusText: statusText || 'no status',
        amounts,
        recurringToken: field(fields, 'token') || null,
      };
    },

    async confirmNotification(fields, ip) {
      if (config.verifySource && !(await isPayfastSource(ip))) {
        return { confirmed: false, reason: `source ${ip} is not PayFast` };
      }
      if (!(await confirmWithPayfast(config.validateUrl, fields))) {
        return { confirmed: false, reason: 'PayFast answered INVALID to the server confirmation' };
      }
      return { confirmed: true };
    },

    refundTerms: (externalId) => refundTerms(config, externalId),
    refund: (input) => createRefund(config, { ...input, pfPaymentId: input.externalId }),
    recurring: {
      cancel: (token) => cancelSubscription(config, token),
      pause: (token, months) => pauseSubscription(config, token, months),
      resume: (token) => unpauseSubscription(config, token),
      changeAmount: (token, amountCents) => updateSubscriptionAmount(config, token, amountCents),
    },
    savedCards: {
      charge: (input) => chargeToken(config, input),
      replaceCardUrl: (token, returnUrl) => replaceCardUrl(config.processUrl, token, returnUrl),
    },
  };
}
