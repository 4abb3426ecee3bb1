import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';
import { apiSignature, PayfastApiRefusedError, PayfastApiUnavailableError } from './api.ts';
import { createRefund, refundableCents } from './refunds-api.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
let api: Awaited<ReturnType<typeof startPayfastApiStandIn>>;
const config = () => ({
  apiUrl: api.apiUrl,
  merchantId: '10000100',
  passphrase: 'jt7NOE43FZPn',
  mode: 'sandbox' as const,
});

beforeAll(async () => {
  api = await startPayfastApiStandIn();
});
afterAll(() => api.close());

describe('PayFast API signature', () => {
  it('signs headers, query and body sorted by name with the passphrase among them (PHP SDK rule)', () => {
    // The PHP SDK's Request::sendApiRequest signs merchant-id, version and timestamp headers,
    // the query (testing=true in the sandbox) and the JSON body together; Auth::generateApiSignature
    // adds the passphrase, ksorts and urlencodes. The string below is built by hand from that rule.
    const fields = {
      'merchant-id': '10000100',
      version: 'v1',
      timestamp: '2026-06-13T10:00:00+02:00',
      testing: 'true',
      amount: 5000,
      reason: 'Product returned by customer',
      notify_buyer: 1,
    };
    const byHand =
      'amount=5000&merchant-id=10000100&notify_buyer=1&passphrase=jt7NOE43FZPn' +
      '&reason=Product+returned+by+customer&testing=true' +
      '&timestamp=2026-06-13T10%3A00%3A00%2B02%3A00&version=v1';
    expect(apiSignature(fields, 'jt7NOE43FZPn')).toBe(md5(byHand));
    // Without a passphrase it is left out, never sent empty.
    expect(apiSignature({ 'merchant-id': '10000100', version: 'v1' }, undefined)).toBe(
      md5('merchant-id=10000100&version=v1'),
    );
  });
});

describe('PayFast refund API client', () => {
  it('queries and refunds with signed headers, testing=true in the sandbox, amounts in cents', async () => {
    api.addPayment('1124148', 549900);
    expect(await refundableCents(config(), '1124148')).toBe(549900);
    await createRefund(config(), { pfPaymentId: '1124148', amountCents: 100000, reason: 'Scope' });
    expect(await refundableCents(config(), '1124148')).toBe(449900);
    const [query, refund] = api.calls.slice(-3);
    expect(query).toMatchObject({ method: 'GET', path: '/refunds/query/1124148' });
    expect(refund).toMatchObject({
      method: 'POST',
      path: '/refunds/1124148',
      query: { testing: 'true' },
      body: { amount: 100000, reason: 'Scope', notify_buyer: 1 },
    });
    const headers = refund!.headers;
    expect(headers['merchant-id']).toBe('10000100');
    expect(headers.version).toBe('v1');
    expect(headers.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+02:00$/);
    expect(headers.signature).toBe(
      apiSignature(
        {
          'merchant-id': '10000100',
          version: 'v1',
          timestamp: String(headers.timestamp),
          testing: 'true',
          ...(refund!.body as Record<string, string | number>),
        },
        'jt7NOE43FZPn',
      ),
    );
  });

  it('takes PayFast’s refusals as final, with its own words', async () => {
    api.addPayment('2000001', 10000);
    const refused = createRefund(config(), {
      pfPaymentId: '2000001',
      amountCents: 20000,
      reason: 'Too much',
    });
    await expect(refused).rejects.toThrow(PayfastApiRefusedError);
    await expect(
      createRefund(config(), { pfPaymentId: '2000001', amountCents: 20000, reason: 'x' }),
    ).rejects.toThrow('PayFast refused (400): Refund amount exceeds the available balance');
    api.fail({
      status: 401,
      body: JSON.stringify({
        code: 401,
        status: 'failed',
        data: { response: 'Merchant authorization failed.', message: false },
      }),
    });
    await expect(refundableCents(config(), '2000001')).rejects.toThrow(
      'PayFast refused (401): Merchant authorization failed.',
    );
    api.fail({
      status: 200,
      body: JSON.stringify({
        code: 200,
        status: 'failed',
        data: { response: 'Refund not allowed', message: '' },
      }),
    });
    await expect(
      createRefund(config(), { pfPaymentId: '2000001', amountCents: 100, reason: 'x' }),
    ).rejects.toThrow(PayfastApiRefusedError);
  });

  it('takes no answer as transient: 5xx pages, 429, a cut line, a body that is not JSON', async () => {
    api.addPayment('3000001', 10000);
    const faults = [
      {
        status: 502,
        body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        contentType: 'text/html',
      },
      { status: 503, body: '' },
      {
        status: 429,
        body: '{"code":429,"status":"failed","data":{"response":"Too many requests","message":""}}',
      },
      'drop' as const,
      { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' },
    ];
    for (const fault of faults) {
      api.fail(fault);
      await expect(refundableCents(config(), '3000001')).rejects.toThrow(
        PayfastApiUnavailableError,
      );
    }
    expect(await refundableCents(config(), '3000001')).toBe(10000);
  });
});
