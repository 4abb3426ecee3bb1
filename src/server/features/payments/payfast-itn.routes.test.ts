import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentNotifications, payments } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { startPayfastStandIn } from '../../../../tests/stubs/payfast-stand-in.ts';

// The ITN rules of issue 13 through the notify route, with ITNs signed the way PayFast signs them
// (written here without the app's code) and PayFast's own published test ITN. This merchant has
// no passphrase, like the one of PayFast's SDK test.
let t: TestApp;
let standIn: Awaited<ReturnType<typeof startPayfastStandIn>>;
let cookie: string;

beforeAll(async () => {
  standIn = await startPayfastStandIn();
  t = await createTestApp({
    PAYFAST_MODE: 'sandbox',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_VALIDATE_URL: standIn.validateUrl,
    PAYFAST_VERIFY_SOURCE: 'false',
  });
  ({ cookie } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** A R5.00 payment waiting for its ITN. */
async function pendingPayment() {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test',
    headers: { cookie },
  });
  return started.json<{ reference: string }>().reference;
}

/**
 * An ITN body as PayFast posts it: the fields form-encoded in order (for these values the same as
 * PHP's urlencode), then the MD5 of exactly that text as the signature.
 */
function payfastBody(fields: [string, string][]) {
  const params = new URLSearchParams(fields).toString();
  return `${params}&signature=${createHash('md5').update(params).digest('hex')}`;
}

/** The fields of a once-off ITN in PayFast's order, every one present. */
const shaped = (reference: string, pfPaymentId: string, amounts: [string, string][]) =>
  [
    ['m_payment_id', reference],
    ['pf_payment_id', pfPaymentId],
    ['payment_status', 'COMPLETE'],
    ['item_name', 'Test payment'],
    ['item_description', ''],
    ...amounts,
    ...['str', 'int'].flatMap((kind) => [1, 2, 3, 4, 5].map((n) => [`custom_${kind}${n}`, ''])),
    ['name_first', ' Thandi '],
    ['name_last', ''],
    ['email_address', 'thandi@example.co.za'],
    ['merchant_id', '10000100'],
  ] as [string, string][];

const set = (fields: [string, string][], changes: Record<string, string>) =>
  fields.map(([key, value]): [string, string] => [key, changes[key] ?? value]);

/** Posts a body to the notify route, lets the check run and returns the stored verdict. */
/** Posts an ITN as PayFast does; the stored row tells the verdict (a refusal answers 400). */
async function notify(body: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
    remoteAddress: '197.97.145.150',
  });
  expect([200, 400]).toContain(response.statusCode);
  await t.app.jobs.drain();
  const [last] = await t.app.database.db
    .select()
    .from(paymentNotifications)
    .orderBy(paymentNotifications.id)
    .then((rows) => rows.slice(-1));
  return last!;
}

const paymentRow = async (reference: string) =>
  (await t.app.database.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

describe('ITNs exactly as PayFast sends them', () => {
  it('pays with PayFast’s own SDK test ITN and keeps gross, fee and net as it reported them', async () => {
    const reference = await pendingPayment();
    // The payment PayFast's test ITN is about: m_payment_id 1234, R10.00.
    await t.app.database.db
      .update(payments)
      .set({ reference: '1234', amountCents: 1000 })
      .where(eq(payments.reference, reference));
    // github.com/PayFast/payfast-php-sdk, tests/PaymentIntegrations/NotificationTest.php (setUp),
    // posted in its order with its signature.
    const body =
      'm_payment_id=1234&pf_payment_id=1221576&payment_status=COMPLETE&item_name=Order%23123' +
      '&item_description=&amount_gross=10.00&amount_fee=-0.23&amount_net=9.77' +
      '&custom_str1=&custom_str2=&custom_str3=&custom_str4=&custom_str5=' +
      '&custom_int1=&custom_int2=&custom_int3=&custom_int4=&custom_int5=' +
      '&name_first=First+Name&name_last=Last+Name&email_address=test%40test.com' +
      '&merchant_id=10000100&signature=93db1c63dc397361ab6b05e36fd73125';
    expect(await notify(body)).toMatchObject({
      accepted: true,
      reason: 'COMPLETE: payment and order paid',
    });
    // PayFast's validate endpoint was asked about the very string PayFast posted.
    expect(standIn.asked.at(-1)).toBe(body.slice(0, body.indexOf('&signature=')));
    expect(await paymentRow('1234')).toMatchObject({
      status: 'paid',
      method: 'payfast',
      externalId: '1221576',
      grossCents: 1000,
      feeCents: 23,
      netCents: 977,
    });
  });

  it('pays in exact cents only: one cent short or a malformed amount is refused, saying why', async () => {
    const reference = await pendingPayment();
    const amounts = (gross: string): [string, string][] => [
      ['amount_gross', gross],
      ['amount_fee', '-2.46'],
      ['amount_net', '2.54'],
    ];
    const refusals: [[string, string][], string][] = [
      [amounts('4.99'), 'amount 4.99 does not match 5.00'],
      [amounts('5.01'), 'amount 5.01 does not match 5.00'],
      [amounts('5.001'), 'amount_gross "5.001" is not an amount'],
      [amounts('5,00'), 'amount_gross "5,00" is not an amount'],
      [set(amounts('5.00'), { amount_net: 'R2.54' }), 'amount_net "R2.54" is not an amount'],
      [[], 'no amount_gross'],
    ];
    for (const [given, reason] of refusals) {
      const itn = await notify(payfastBody(shaped(reference, '2000001', given)));
      expect(itn, reason).toMatchObject({ accepted: false, reason });
    }
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending', grossCents: null });

    const paid = await notify(payfastBody(shaped(reference, '2000001', amounts('5.00'))));
    expect(paid).toMatchObject({ accepted: true, reason: 'COMPLETE: payment and order paid' });
    expect(await paymentRow(reference)).toMatchObject({
      status: 'paid',
      grossCents: 500,
      feeCents: 246,
      netCents: 254,
    });
  });

  it('takes a CANCELLED ITN without amount fields: recorded, nothing paid', async () => {
    const reference = await pendingPayment();
    // PayFast's CANCELLED notification sends no amount_gross, amount_fee or amount_net
    // (github.com/Payfast/payfast-php-sdk issue 7, confirmed by PayFast).
    const cancelled = set(shaped(reference, '2000002', []), { payment_status: 'CANCELLED' });
    expect(await notify(payfastBody(cancelled))).toMatchObject({
      accepted: true,
      reason: 'CANCELLED: recorded, the order stays payable',
    });
    const payment = await paymentRow(reference);
    expect(payment).toMatchObject({ status: 'cancelled', grossCents: null, paidAt: null });
    const [order] = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    expect(order!.status).toBe('pending_payment');
  });
});
