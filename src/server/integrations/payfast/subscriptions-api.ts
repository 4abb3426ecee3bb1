import { callApi, payfastWords, PayfastApiRefusedError, type ApiConfig } from './api.ts';

/**
 * One call on a subscription token. PayFast answers a refusal of a pause or unpause with HTTP 200
 * and `status: "failed"` too (its PHP SDK's tests accept either status there), so an answer whose
 * `status` is not "success" is a refusal, with PayFast's words.
 */
async function subscriptionCall(
  config: ApiConfig,
  input: {
    method: 'PUT' | 'PATCH';
    token: string;
    action: string;
    body?: Record<string, string | number>;
    failure: string;
  },
): Promise<void> {
  const answer = (await callApi(
    config,
    input.method,
    `subscriptions/${encodeURIComponent(input.token)}/${input.action}`,
    input.body,
  )) as { status?: unknown };
  if (answer.status !== 'success') {
    throw new PayfastApiRefusedError(`${input.failure}${payfastWords(answer, '')}`);
  }
}

/**
 * Asks PayFast to stop a subscription's future charges (PUT /subscriptions/{token}/cancel, as in
 * its PHP SDK's `Subscriptions::cancel`).
 */
export const cancelSubscription = (config: ApiConfig, token: string): Promise<void> =>
  subscriptionCall(config, {
    method: 'PUT',
    token,
    action: 'cancel',
    failure: 'PayFast did not cancel the subscription',
  });

/**
 * Skips the next `cycles` charges (PUT /subscriptions/{token}/pause with `cycles`, as in the PHP
 * SDK's `Subscriptions::pause`); PayFast charges again by itself after them.
 */
export const pauseSubscription = (config: ApiConfig, token: string, cycles: number) =>
  subscriptionCall(config, {
    method: 'PUT',
    token,
    action: 'pause',
    body: { cycles },
    failure: 'PayFast did not pause the subscription',
  });

/** Ends a pause now (PUT /subscriptions/{token}/unpause, the SDK's `Subscriptions::unpause`). */
export const unpauseSubscription = (config: ApiConfig, token: string) =>
  subscriptionCall(config, {
    method: 'PUT',
    token,
    action: 'unpause',
    failure: 'PayFast did not resume the subscription',
  });

/**
 * Changes what each later charge takes (PATCH /subscriptions/{token}/update, the SDK's
 * `Subscriptions::update`, whose options are `amount` in cents, `cycles`, `frequency` and
 * `run_date`, all optional). We send the amount only: the schedule stays PayFast's.
 */
export const updateSubscriptionAmount = (config: ApiConfig, token: string, amountCents: number) =>
  subscriptionCall(config, {
    method: 'PATCH',
    token,
    action: 'update',
    body: { amount: amountCents },
    failure: 'PayFast did not change the subscription’s amount',
  });

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
