import {
  callApi,
  payfastWords,
  PayfastApiRefusedError,
  PayfastApiUnavailableError,
  type ApiConfig,
} from './api.ts';

/**
 * What PayFast still allows refunding on a payment (GET /refunds/query/{id}), in cents: the
 * query answers `amount_available_for_refund` in cents, next to `amount_original`.
 */
export async function refundableCents(config: ApiConfig, pfPaymentId: string): Promise<number> {
  const answer = (await callApi(
    config,
    'GET',
    `refunds/query/${encodeURIComponent(pfPaymentId)}`,
  )) as {
    amount_available_for_refund?: unknown;
    status?: unknown;
  };
  const available = Number(answer.amount_available_for_refund);
  if (!Number.isInteger(available) || available < 0) {
    throw new PayfastApiUnavailableError(
      "PayFast's refund query did not say how much can be refunded",
    );
  }
  return answer.status === 'NOT_AVAILABLE' ? 0 : available;
}

/**
 * Asks PayFast to refund `amountCents` of a card payment to the card it came from (POST
 * /refunds/{id}, amount in cents). A `status` other than "success" is a refusal.
 */
export async function createRefund(
  config: ApiConfig,
  input: { pfPaymentId: string; amountCents: number; reason: string },
): Promise<void> {
  const answer = (await callApi(
    config,
    'POST',
    `refunds/${encodeURIComponent(input.pfPaymentId)}`,
    {
      amount: input.amountCents,
      reason: input.reason.slice(0, 255),
      notify_buyer: 1,
    },
  )) as { status?: unknown };
  if (answer.status !== 'success') {
    throw new PayfastApiRefusedError(`PayFast did not make the refund${payfastWords(answer, '')}`);
  }
}
