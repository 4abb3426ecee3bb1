import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';
import { apiSignature, PayfastApiRefusedError, PayfastApiUnavailableError } from './api.ts';
import { md5 } from './signature.ts';
import {
  cancelSubscription,
  chargeToken,
  pauseSubscription,
  unpauseSubscription,
  updateSubscriptionAmount,
} from './subscriptions-api.ts';

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

describe('PayFast ad hoc charge of a saved card', () => {
  // The tokenisation token and charge of PayFast's PHP SDK (lib/Services/Subscriptions.php
  // `adhoc` and tests/Services/SubscriptionsTest.php `testAdhoc`): 500 cents, "Test adhoc".
  const adhocToken = '290ac9a6-25f1-cce4-5801-67a644068818';
  const charge = { token: adhocToken, amountCents: 500, itemName: 'Test adhoc' };

  it('signs the SDK example as PayFast documents: amount in cents among the sorted fields', () => {
    const timestamp = '2026-11-26T21:16:15+0200';
    const headers = { 'merchant-id': '10018867', version: 'v1', timestamp };
    // Written out by hand: sorted names, PHP urlencode, the passphrase among them.
    const expected = md5(
      'amount=500&item_name=Test+adhoc&merchant-id=10018867&passphrase=2uU_k5q_vRS_' +
        '&timestamp=2026-11-26T21%3A16%3A15%2B0200&version=v1',
    );
    expect(expected).toBe('26293bc61475bfb6985279366d6d1a13');
    expect(apiSignature({ ...headers, amount: 500, item_name: 'Test adhoc' }, '2uU_k5q_vRS_')).toBe(
      expected,
    );
  });

  it('posts amount in cents, item_name and our reference to /subscriptions/{token}/adhoc', async () => {
    api.addSavedCard(adhocToken);
    await chargeToken(config(), { ...charge, paymentReference: 'PAY-ADHOC001' });
    const call = api.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'POST',
      path: `/subscriptions/${adhocToken}/adhoc`,
      query: { testing: 'true' },
      body: { amount: 500, item_name: 'Test adhoc', m_payment_id: 'PAY-ADHOC001' },
    });
    expect(call.headers.signature).toBe(
      apiSignature(
        {
          'merchant-id': '10018867',
          version: 'v1',
          timestamp: String(call.headers.timestamp),
          amount: 500,
          item_name: 'Test adhoc',
          m_payment_id: 'PAY-ADHOC001',
        },
        '2uU_k5q_vRS_',
      ),
    );
  });

  it('takes PayFast’s 200 "success" with response "05" as a declined card, not a charge', async () => {
    api.addSavedCard('decl-0000-4000-8000-000000000005', 'declines');
    await expect(
      chargeToken(config(), {
        ...charge,
        token: 'decl-0000-4000-8000-000000000005',
        paymentReference: 'PAY-ADHOC002',
      }),
    ).rejects.toThrow(
      new PayfastApiRefusedError(
        'PayFast declined the card: Your card was not accepted for payment (05)',
      ),
    );
  });

  it('takes a 5xx as no answer, for the job to try again', async () => {
    api.fail({ status: 502, body: 'Bad Gateway', contentType: 'text/plain' });
    await expect(
      chargeToken(config(), { ...charge, paymentReference: 'PAY-ADHOC003' }),
    ).rejects.toThrow(PayfastApiUnavailableError);
  });
});

describe('PayFast pause, unpause and update of a subscription', () => {
  // PayFast's PHP SDK (lib/Services/Subscriptions.php): pause is PUT …/pause with `cycles`,
  // unpause PUT …/unpause, update PATCH …/update with `amount` (cents), `cycles`, `frequency`,
  // `run_date`; its tests (tests/Services/SubscriptionsTest.php) pause this token for 1 cycle and
  // accept "success" or "failed" as the answer's status.
  const sdkToken = '2afa4575-5628-051a-d0ed-4e071b56a7b0';

  it('signs the SDK’s pause example: cycles among the sorted fields', () => {
    const timestamp = '2026-11-27T10:00:00+0200';
    const expected = md5(
      'cycles=1&merchant-id=10018867&passphrase=2uU_k5q_vRS_' +
        '&timestamp=2026-11-27T10%3A00%3A00%2B0200&version=v1',
    );
    expect(expected).toBe('e1abfd101574e79c803f839c939adbe0');
    expect(
      apiSignature(
        { 'merchant-id': '10018867', version: 'v1', timestamp, cycles: 1 },
        '2uU_k5q_vRS_',
      ),
    ).toBe(expected);
  });

  it('pauses with PUT …/pause and cycles, unpauses with PUT …/unpause (no body)', async () => {
    api.addSubscription(sdkToken);
    await pauseSubscription(config(), sdkToken, 1);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/subscriptions/${sdkToken}/pause`,
      query: { testing: 'true' },
      body: { cycles: 1 },
    });
    expect(api.subscriptionState(sdkToken)).toBe('paused');
    await unpauseSubscription(config(), sdkToken);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/subscriptions/${sdkToken}/unpause`,
      body: null,
    });
    expect(api.subscriptionState(sdkToken)).toBe('active');
  });

  it('takes a 200 whose status is "failed" (pausing a paused one) as a refusal with PayFast’s words', async () => {
    await pauseSubscription(config(), sdkToken, 2);
    await expect(pauseSubscription(config(), sdkToken, 1)).rejects.toThrow(
      new PayfastApiRefusedError(
        'PayFast did not pause the subscription: Subscription is already paused',
      ),
    );
    await unpauseSubscription(config(), sdkToken);
    await expect(unpauseSubscription(config(), sdkToken)).rejects.toThrow(PayfastApiRefusedError);
  });

  it('updates the amount in cents with PATCH …/update, signed over the body', async () => {
    await updateSubscriptionAmount(config(), sdkToken, 139_900);
    const call = api.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/${sdkToken}/update`,
      body: { amount: 139_900 },
    });
    expect(call.headers.signature).toBe(
      apiSignature(
        {
          'merchant-id': '10018867',
          version: 'v1',
          timestamp: String(call.headers.timestamp),
          amount: 139_900,
        },
        '2uU_k5q_vRS_',
      ),
    );
    expect(api.subscriptionAmount(sdkToken)).toBe(139_900);
  });

  it('takes no answer (a cut line, a 504) as transient', async () => {
    api.fail('drop', { status: 504, body: 'Gateway Timeout', contentType: 'text/plain' });
    await expect(updateSubscriptionAmount(config(), sdkToken, 100)).rejects.toThrow(
      PayfastApiUnavailableError,
    );
    await expect(pauseSubscription(config(), sdkToken, 1)).rejects.toThrow(
      PayfastApiUnavailableError,
    );
  });
});
