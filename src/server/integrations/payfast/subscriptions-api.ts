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
