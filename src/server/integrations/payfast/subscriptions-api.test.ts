import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';
import { apiSignature, PayfastApiRefusedError, PayfastApiUnavailableError } from './api.ts';
import { cancelSubscription } from './subscriptions-api.ts';

let api: Awaited<ReturnType<typeof startPayfastApiStandIn>>;
const config = () => ({
  apiUrl: api.apiUrl,
  merchantId: '10018867',
  passphrase: '2uU_k5q_vRS_',
  mode: 'sandbox' as const,
});
// The token and merchant of PayFast's PHP SDK subscription tests (tests/Services/SubscriptionsTest.php).
const token = '2afa4575-5628-051a-d0ed-4e071b56a7b0';

beforeAll(async () => {
  api = await startPayfastApiStandIn();
});
afterAll(() => api.close());

describe('PayFast subscription API client', () => {
  it('cancels with PUT /subscriptions/{token}/cancel, signed headers and testing=true, no body', async () => {
    api.addSubscription(token);
    await cancelSubscription(config(), token);
    expect(api.subscriptionState(token)).toBe('cancelled');
    const call = api.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'PUT',
      path: `/subscriptions/${token}/cancel`,
      query: { testing: 'true' },
      body: null,
    });
    // Signed without testing=true, as PayFast's SDK signs this very call (signature.test.ts has
    // the one it made for this merchant and token).
    expect(call.headers.signature).toBe(
      apiSignature(
        { 'merchant-id': '10018867', version: 'v1', timestamp: String(call.headers.timestamp) },
        '2uU_k5q_vRS_',
      ),
    );
  });

  it('takes PayFast’s 4xx (already cancelled, unknown token) as a refusal with its words', async () => {
    await expect(cancelSubscription(config(), token)).rejects.toThrow(
      'PayFast refused (400): Subscription is already cancelled',
    );
    await expect(cancelSubscription(config(), 'test')).rejects.toThrow(PayfastApiRefusedError);
  });

  it('takes no answer (a 5xx page, a cut line) as transient, for the job to try again', async () => {
    api.addSubscription('5a3c0ef1-0000-4000-8000-000000000001');
    api.fail(
      { status: 503, body: '<html><h1>Service Unavailable</h1></html>', contentType: 'text/html' },
      'drop',
    );
    for (let i = 0; i < 2; i += 1) {
      await expect(
        cancelSubscription(config(), '5a3c0ef1-0000-4000-8000-000000000001'),
      ).rejects.toThrow(PayfastApiUnavailableError);
    }
    await cancelSubscription(config(), '5a3c0ef1-0000-4000-8000-000000000001');
    expect(api.subscriptionState('5a3c0ef1-0000-4000-8000-000000000001')).toBe('cancelled');
  });
});
