import { payfastDocsEftRefundBody } from '../../../../tests/helpers/payfast-vectors.ts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';
import { apiSignature, PayfastApiRefusedError, PayfastApiUnavailableError } from './api.ts';
import { createRefund, refundTerms } from './refunds-api.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
let api: Awaited<ReturnType<typeof startPayfastApiStandIn>>;
const refundableCents = async (c: Parameters<typeof refundTerms>[0], id: string) =>
  (await refundTerms(c, id)).availableCents;
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
  it('signs headers and body sorted by name with the passphrase among them (PHP SDK rule)', () => {
    // Auth::generateApiSignature of PayFast's PHP SDK adds the passphrase, ksorts and
    // urlencodes; Request::sendApiRequest signs the headers, the caller's query and the JSON body
    // — the sandbox's testing=true is added to the query after signing. Written out by hand.
    const fields = {
      'merchant-id': '10000100',
      version: 'v1',
      timestamp: '2026-06-13T10:00:00+02:00',
      amount: 5000,
      reason: 'Product returned by customer',
      notify_buyer: 1,
    };
    const byHand =
      'amount=5000&merchant-id=10000100&notify_buyer=1&passphrase=jt7NOE43FZPn' +
      '&reason=Product+returned+by+customer' +
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
    // testing=true rides in the query only, as PayFast's SDK sends it: the signature is the one
    // PayFast computes without it, written out by hand.
    expect(headers.signature).toBe(
      md5(
        'amount=100000&merchant-id=10000100&notify_buyer=1&passphrase=jt7NOE43FZPn&reason=Scope' +
          `&timestamp=${encodeURIComponent(String(headers.timestamp))}&version=v1`,
      ),
    );
    expect(query!.query).toEqual({ testing: 'true' });
    expect(query!.headers.signature).toBe(
      md5(
        'merchant-id=10000100&passphrase=jt7NOE43FZPn' +
          `&timestamp=${encodeURIComponent(String(query!.headers.timestamp))}&version=v1`,
      ),
    );
  });

  it('sends no testing parameter outside the sandbox, signed the same way', async () => {
    api.addPayment('1124149', 10000);
    expect(await refundableCents({ ...config(), mode: 'live' }, '1124149')).toBe(10000);
    const call = api.calls.at(-1)!;
    expect(call.query).toEqual({});
    expect(call.headers.signature).toBe(
      md5(
        'merchant-id=10000100&passphrase=jt7NOE43FZPn' +
          `&timestamp=${encodeURIComponent(String(call.headers.timestamp))}&version=v1`,
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

describe('PayFast refund methods: back to the card or a bank payout', () => {
  // PayFast's API docs (developers.payfast.co.za/api, "Query a refund", response example): a
  // payment by debit card of R10.00 with R5.00 left; a full refund no longer possible, a partial
  // one paid out to a bank account, with the list of banks to choose from.
  const publishedBankPayout = {
    token: 'a3b3ae55-ab8b-b388-df23-4e6882b86ce0',
    funding_type: 'Debit Card',
    amount_original: 1000,
    amount_available_for_refund: 500,
    status: 'REFUNDABLE',
    errors: [],
    refund_full: { method: 'NOT_AVAILABLE' },
    refund_partial: {
      method: 'BANK_PAYOUT',
      bank_account_holder: '',
      bank_name: '',
      bank_branch_code: '',
      bank_account_number: '',
      bank_account_type: '',
    },
    bank_names: [
      { bank_name: 'ABSA', label: 'Absa' },
      { bank_name: 'STANDARD', label: 'Standard Bank' },
      { bank_name: 'FNB', label: 'FNB' },
      { etc: '...' },
    ],
  };

  it('reads PayFast’s published refund query answer for a bank payout', async () => {
    api.fail({ status: 200, body: JSON.stringify(publishedBankPayout) });
    expect(await refundTerms(config(), '1124148')).toEqual({
      availableCents: 500,
      originalCents: 1000,
      full: 'none',
      partial: 'bank-account',
      banks: [
        { code: 'ABSA', label: 'Absa' },
        { code: 'STANDARD', label: 'Standard Bank' },
        { code: 'FNB', label: 'FNB' },
      ],
      notes: [],
    });
    expect(api.calls.at(-1)).toMatchObject({ method: 'GET', path: '/refunds/query/1124148' });
  });

  it('takes PAYMENT_SOURCE as a refund to the card, and an answer without methods as before', async () => {
    api.fail({
      status: 200,
      body: JSON.stringify({
        ...publishedBankPayout,
        funding_type: 'CC',
        amount_available_for_refund: 1000,
        refund_full: { method: 'PAYMENT_SOURCE' },
        refund_partial: { method: 'PAYMENT_SOURCE' },
        bank_names: [],
      }),
    });
    expect(await refundTerms(config(), '1124148')).toMatchObject({
      availableCents: 1000,
      full: 'source',
      partial: 'source',
      banks: [],
    });
    api.addPayment('1124150', 2000);
    expect(await refundTerms(config(), '1124150')).toMatchObject({
      availableCents: 2000,
      originalCents: 2000,
      full: 'source',
      partial: 'source',
    });
  });

  it('sends a bank payout’s bank details in the fields of PayFast’s EFT refund example', async () => {
    api.addPayment('1124151', 1000);
    await createRefund(config(), {
      pfPaymentId: '1124151',
      amountCents: 1000,
      reason: 'Product out of stock',
      bankAccount: {
        holder: 'Mr Smith',
        bank: 'FNB',
        branchCode: '111111',
        accountNumber: '100000000000',
        accountType: 'current',
      },
    });
    const call = api.calls.at(-1)!;
    // developers.payfast.co.za/api, Create a refund, "EFT request example" (notify_buyer as 1).
    expect(call.body).toEqual(payfastDocsEftRefundBody);
    // Every body field is signed (sorted, PHP-urlencoded), written out by hand.
    expect(call.headers.signature).toBe(
      md5(
        'amount=1000&bank_account_holder=Mr+Smith&bank_account_number=100000000000' +
          '&bank_account_type=current&bank_branch_code=111111&bank_name=FNB' +
          '&merchant-id=10000100&notify_buyer=1&passphrase=jt7NOE43FZPn' +
          '&reason=Product+out+of+stock' +
          `&timestamp=${encodeURIComponent(String(call.headers.timestamp))}&version=v1`,
      ),
    );
  });
});
