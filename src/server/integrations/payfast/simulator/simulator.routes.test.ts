import { payfastDocsEftRefundBody } from '../../../../../tests/helpers/payfast-vectors.ts';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { AppInstance } from '../../../app-instance.ts';
import { loadConfig } from '../../../config.ts';
import { eq } from 'drizzle-orm';
import { payfastSimulatorSubscriptions } from '#db/schema/index.ts';
import { apiSignature } from '../api.ts';
import { signRedirectForm } from '../signature.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { amountRows } from './simulator.routes.ts';
import { freshDatabase } from '../../../../../tests/helpers/test-app.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: './tests/no-client-build',
  PAYFAST_MODE: 'simulator',
});
let db: Awaited<ReturnType<typeof freshDatabase>>;
let app: AppInstance;
/** The merchant's notify URL: keeps each ITN body exactly as the simulator posted it. */
const received: string[] = [];
const notifyServer = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push(body);
    response.end('OK');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => notifyServer.listen(0, '127.0.0.1', resolve));
  db = await freshDatabase();
  app = await buildApp(config, { database: db.database, logger: false });
});
afterAll(async () => {
  await app.close();
  await db.database.close();
  await db.drop();
  notifyServer.close();
});

const formBody = (fields: [string, string][]) => new URLSearchParams(fields).toString();

/** Pays on the simulator's page as the customer would and returns the ITN body it posted. */
async function payOnSimulator(extra: Record<string, string> = {}) {
  const { port } = notifyServer.address() as AddressInfo;
  const form = signRedirectForm(
    {
      merchant_id: config.payfast.merchantId,
      merchant_key: config.payfast.merchantKey,
      return_url: `${config.publicUrl}/payment/success`,
      cancel_url: `${config.publicUrl}/payment/cancel`,
      notify_url: `http://127.0.0.1:${port}/notify`,
      name_first: 'Thandi',
      name_last: 'Nkosi',
      email_address: 'thandi@example.co.za',
      m_payment_id: 'PAY-SIMUL001',
      amount: '5499.00',
      item_name: 'Order SO-SIMUL1',
      ...extra,
    },
    config.payfast.passphrase,
  );
  const page = await app.inject({
    method: 'POST',
    url: '/payfast-simulator/eng/process',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(form),
  });
  expect(page.statusCode).toBe(200);
  const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
  const done = await app.inject({
    method: 'POST',
    url: '/payfast-simulator/eng/complete',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody([
      ['session', session],
      ['outcome', 'complete'],
    ]),
  });
  expect(done.statusCode).toBe(303);
  return received.at(-1)!;
}

const validate = async (instance: AppInstance, paramString: string) =>
  (
    await instance.inject({
      method: 'POST',
      url: '/payfast-simulator/eng/query/validate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: paramString,
    })
  ).body;

describe('the PayFast simulator', () => {
  it('posts ITNs shaped as PayFast’s: its field order, every field, empty ones included', async () => {
    const body = await payOnSimulator();
    const fields = [...new URLSearchParams(body)];
    // The order of PayFast's example ITN (developers.payfast.co.za/docs, "Example of a
    // Transaction Webhook Payload") and of its PHP SDK's test ITN
    // (github.com/PayFast/payfast-php-sdk, tests/PaymentIntegrations/NotificationTest.php).
    expect(fields.map(([key]) => key)).toEqual([
      'm_payment_id',
      'pf_payment_id',
      'payment_status',
      'item_name',
      'item_description',
      'amount_gross',
      'amount_fee',
      'amount_net',
      'custom_str1',
      'custom_str2',
      'custom_str3',
      'custom_str4',
      'custom_str5',
      'custom_int1',
      'custom_int2',
      'custom_int3',
      'custom_int4',
      'custom_int5',
      'name_first',
      'name_last',
      'email_address',
      'merchant_id',
      'signature',
    ]);
    const itn = Object.fromEntries(fields);
    expect(itn).toMatchObject({
      m_payment_id: 'PAY-SIMUL001',
      payment_status: 'COMPLETE',
      item_name: 'Order SO-SIMUL1',
      item_description: '',
      custom_str1: '',
      custom_int5: '',
      amount_gross: '5499.00',
      name_first: 'Thandi',
      merchant_id: config.payfast.merchantId,
    });
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(itn.amount_gross!) + cents(itn.amount_fee!)).toBe(cents(itn.amount_net!));
    expect(cents(itn.amount_fee!)).toBeLessThan(0);
    // Signed as PayFast signs: the body as posted, up to the signature, plus the passphrase.
    const params = body.slice(0, body.indexOf('&signature='));
    expect(itn.signature).toBe(
      createHash('md5').update(`${params}&passphrase=${config.payfast.passphrase}`).digest('hex'),
    );
    expect(await validate(app, params)).toBe('VALID');
    expect(await validate(app, params.replace('amount_gross=5499.00', 'amount_gross=5.00'))).toBe(
      'INVALID',
    );
  });

  it('still confirms the ITNs it sent after a restart', async () => {
    const body = await payOnSimulator();
    const params = body.slice(0, body.indexOf('&signature='));
    await app.close();
    app = await buildApp(config, { database: db.database, logger: false });
    expect(await validate(app, params)).toBe('VALID');
    expect(await validate(app, `${params}&extra=1`)).toBe('INVALID');
  });
});

describe('the simulator’s REST API', () => {
  // Calls recorded from PayFast's own PHP SDK (github.com/Payfast/payfast-php-sdk 1.1.6,
  // Request::sendApiRequest with testMode on; merchant and passphrase of its
  // tests/Services/RefundsTest.php), as they went over the wire: testing=true in the query, the
  // signature made without it. The refund body is PayFast's API docs' EFT request example.
  const sdk = { 'merchant-id': '10026755', version: 'v1', timestamp: '2026-11-26T21:16:15+0200' };
  const eftRefundBody = payfastDocsEftRefundBody;

  it('takes calls signed as PayFast’s SDK signs them, testing=true left out of the signature', async () => {
    const sdkMerchant = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: './tests/no-client-build',
      PAYFAST_MODE: 'simulator',
      PAYFAST_MERCHANT_ID: '10026755',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: 'test_sandbox',
    });
    const simulator = await buildApp(sdkMerchant, { database: db.database, logger: false });
    try {
      const query = (signature: string, url = '/refunds/query/1124464?testing=true') =>
        simulator.inject({
          method: 'GET',
          url: `/payfast-simulator/api${url}`,
          headers: { ...sdk, signature },
        });
      // Signature accepted: the answer is about the payment, which this simulator never took.
      const asked = await query('fb16da3bc98055ad6c299cddcff306ac');
      expect(asked.statusCode).toBe(404);
      expect(asked.json()).toMatchObject({
        status: 'failed',
        data: { response: 'Transaction not found' },
      });
      // The same call outside the sandbox carries the same signature.
      expect(
        (await query('fb16da3bc98055ad6c299cddcff306ac', '/refunds/query/1124464')).statusCode,
      ).toBe(404);
      const refund = await simulator.inject({
        method: 'POST',
        url: '/payfast-simulator/api/refunds/1124464?testing=true',
        headers: { ...sdk, signature: '137cb29a764d9d98bcf42cd07536aa70' },
        payload: eftRefundBody,
      });
      expect(refund.statusCode).toBe(404);

      // testing=true signed in, as this shop did before: PayFast's check fails, and so does ours.
      const testingSigned = createHash('md5')
        .update(
          'merchant-id=10026755&passphrase=test_sandbox&testing=true' +
            '&timestamp=2026-11-26T21%3A16%3A15%2B0200&version=v1',
        )
        .digest('hex');
      const refused = await query(testingSigned);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        status: 'failed',
        data: { response: 'Merchant authorization failed.' },
      });
    } finally {
      await simulator.close();
    }
  });
});

describe('the simulator payment page', () => {
  it('shows a subscription’s first charge and the monthly one, in the site’s money format', () => {
    const rows = amountRows({
      amount: '6298.00',
      subscription_type: '1',
      recurring_amount: '1299.00',
      frequency: '3',
      billing_date: '2026-12-27',
    });
    expect(rows).toContain(`${formatZAR(629_800)} today`);
    expect(rows).toContain(`${formatZAR(129_900)} per month, from ${formatDate('2026-12-27')}`);
    expect(amountRows({ amount: '2413.00' })).toContain(formatZAR(241_300));
    expect(amountRows({ amount: '2413.00' })).not.toContain('2413.00');
  });
});

describe('the simulator’s saved cards', () => {
  it('checks an ad hoc charge’s signature over the amount in cents, as PayFast’s SDK example signs it', async () => {
    // The merchant, token and charge of PayFast's PHP SDK tests (tests/Services/SubscriptionsTest.php
    // `testAdhoc`: 500 cents, "Test adhoc"); its signature is worked out by hand in
    // subscriptions-api.test.ts.
    const sdkMerchant = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: './tests/no-client-build',
      PAYFAST_MODE: 'simulator',
      PAYFAST_MERCHANT_ID: '10018867',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: '2uU_k5q_vRS_',
    });
    const simulator = await buildApp(sdkMerchant, { database: db.database, logger: false });
    try {
      const adhoc = (signature: string, amount: number | string) =>
        simulator.inject({
          method: 'POST',
          url: '/payfast-simulator/api/subscriptions/290ac9a6-25f1-cce4-5801-67a644068818/adhoc?testing=true',
          headers: {
            'merchant-id': '10018867',
            version: 'v1',
            timestamp: '2026-11-26T21:16:15+0200',
            signature,
          },
          payload: { amount, item_name: 'Test adhoc' },
        });
      // Signature accepted: the answer is about the token, which this simulator never kept.
      const signed = await adhoc('26293bc61475bfb6985279366d6d1a13', 500);
      expect(signed.statusCode).toBe(404);
      expect(signed.json()).toMatchObject({
        status: 'failed',
        data: { response: 'Subscription not found' },
      });
      // The same charge in rand is another request: its signature does not match.
      const inRand = await adhoc('26293bc61475bfb6985279366d6d1a13', '5.00');
      expect(inRand.statusCode).toBe(401);
    } finally {
      await simulator.close();
    }
  });
});

describe('the simulator’s pause, unpause and update', () => {
  /** A signed call of the subscription API, as PayFast's PHP SDK makes it. */
  const call = (method: 'PUT' | 'PATCH', path: string, body?: Record<string, number>) => {
    const headers = {
      'merchant-id': config.payfast.merchantId,
      version: 'v1',
      timestamp: '2026-11-27T10:00:00+02:00',
    };
    return app.inject({
      method,
      url: `/payfast-simulator/api/subscriptions/${path}?testing=true`,
      headers: {
        ...headers,
        signature: apiSignature({ ...headers, ...body }, config.payfast.passphrase),
      },
      ...(body ? { payload: body } : {}),
    });
  };
  const bill = (token: string) =>
    app.inject({
      method: 'POST',
      url: `/payfast-simulator/subscriptions/${token}/bill`,
      payload: { outcome: 'complete' },
    });

  it('skips the paused billing days, answers refusals in PayFast’s envelope, and charges the updated amount', async () => {
    const itn = new URLSearchParams(
      await payOnSimulator({
        m_payment_id: 'PAY-SIMPAUS1',
        subscription_type: '1',
        billing_date: '2026-12-27',
        recurring_amount: '1299.00',
        frequency: '3',
        cycles: '0',
      }),
    );
    const token = itn.get('token')!;
    expect((await call('PUT', `${token}/unpause`)).json()).toMatchObject({
      status: 'failed',
      data: { response: 'Subscription is not paused' },
    });
    const paused = await call('PUT', `${token}/pause`, { cycles: 2 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({
      code: 200,
      status: 'success',
      data: { response: true, message: '' },
    });
    const again = await call('PUT', `${token}/pause`, { cycles: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 400,
      status: 'failed',
      data: { response: 'Subscription is already paused', message: '' },
    });

    // Two billing days pass without a charge or an ITN; the third charges again.
    const sent = received.length;
    expect((await bill(token)).json()).toMatchObject({ status: 'PAUSED', runDate: '2027-01-27' });
    expect((await bill(token)).json()).toMatchObject({ status: 'PAUSED', runDate: '2027-02-27' });
    expect(received.length).toBe(sent);

    // The amount in cents from the next charge on (PATCH …/update).
    expect((await call('PATCH', `${token}/update`, { amount: 139_900 })).statusCode).toBe(200);
    expect((await call('PATCH', `${token}/update`, { amount: 0 })).json()).toMatchObject({
      status: 'failed',
      data: { response: 'amount must be a whole number of cents' },
    });
    expect((await bill(token)).json()).toMatchObject({ status: 'COMPLETE', runDate: '2027-03-27' });
    const charged = new URLSearchParams(received.at(-1)!);
    expect(charged.get('amount_gross')).toBe('1399.00');
    expect(charged.get('token')).toBe(token);

    // Paused and unpaused before its day: charged as usual.
    expect((await call('PUT', `${token}/pause`, { cycles: 1 })).statusCode).toBe(200);
    expect((await call('PUT', `${token}/unpause`)).statusCode).toBe(200);
    expect((await bill(token)).json()).toMatchObject({ status: 'COMPLETE' });

    // A cancelled one, an unknown one, a wrong signature.
    await db.database.db
      .update(payfastSimulatorSubscriptions)
      .set({ status: 'cancelled' })
      .where(eq(payfastSimulatorSubscriptions.token, token));
    expect((await call('PUT', `${token}/pause`, { cycles: 1 })).json()).toMatchObject({
      data: { response: 'Subscription is cancelled' },
    });
    expect((await call('PUT', 'no-such-token/unpause')).statusCode).toBe(404);
    const forged = await app.inject({
      method: 'PUT',
      url: `/payfast-simulator/api/subscriptions/${token}/unpause`,
      headers: {
        'merchant-id': config.payfast.merchantId,
        version: 'v1',
        timestamp: 'x',
        signature: 'nope',
      },
    });
    expect(forged.statusCode).toBe(401);
  });
});
