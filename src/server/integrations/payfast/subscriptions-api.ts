import { callApi, payfastWords, PayfastApiRefusedError, type ApiConfig } from './api.ts';

/**
 * Asks PayFast to stop a subscription's future charges (PUT /subscriptions/{token}/cancel, as in
 * its PHP SDK's `Subscriptions::cancel`). An answer whose `status` is not "success" is a refusal.
 */
export async function cancelSubscription(config: ApiConfig, token: string): Promise<void> {
  const answer = (await callApi(
    config,
    'PUT',
    `subscriptions/${encodeURIComponent(token)}/cancel`,
  )) as { status?: unknown };
  if (answer.status !== 'success') {
    throw new PayfastApiRefusedError(
      `PayFast did not cancel the subscription${payfastWords(answer, '')}`,
    );
  }
}

/**
 * An ad hoc charge of a tokenised card (POST /subscriptions/{token}/adhoc, as in PayFast's PHP
 * SDK's `Subscriptions::adhoc`): `amount` in cents, `item_name`, and our payment reference as
 * `m_payment_id`, which the ITN PayFast sends for the charge names. PayFast answers a declined
 * card with HTTP 200 and `status: "success"` too (WooCommerce's PayFast gateway, issues #2 and
 * #26): only `data.response` true (or "true", as live sends it) is a charge; any other answer is
 * a refusal with PayFast's words.
 */
export async function chargeToken(
  config: ApiConfig,
  input: { token: string; amountCents: number; itemName: string; paymentReference: string },
): Promise<void> {
  const answer = (await callApi(
    config,
    'POST',
    `subscriptions/${encodeURIComponent(input.token)}/adhoc`,
    {
      amount: input.amountCents,
      item_name: input.itemName.slice(0, 100),
      m_payment_id: input.paymentReference,
    },
  )) as { status?: unknown; data?: { response?: unknown; message?: unknown } };
  const response = answer.data?.response;
  if (answer.status !== 'success' || (response !== true && response !== 'true')) {
    // The bank's words are in `message`; `response` is only its code ("05").
    const message = answer.data?.message;
    throw new PayfastApiRefusedError(
      typeof message === 'string' && message.trim()
        ? `PayFast declined the card: ${message.trim().slice(0, 300)}`
        : `PayFast declined the card${payfastWords(answer, '')}`,
    );
  }
}
