import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, refunds } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';
import { startPayfastStandIn } from '../../../../tests/stubs/payfast-stand-in.ts';
import { completeItn, sandboxMerchant } from '../../../../tests/helpers/payfast-itn.ts';

/** Refunds when PayFast's API misbehaves: no answer, a refund it already made, a refusal. */
const { passphrase } = sandboxMerchant;
let t: TestApp;
let api: Awaited<ReturnType<typeof startPayfastApiStandIn>>;
let validate: Awaited<ReturnType<typeof startPayfastStandIn>>;
let customer: { cookie: string };
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  api = await startPayfastApiStandIn();
  validate = await startPayfastStandIn();
  t = await createTestApp({
    PUBLIC_URL: 'https://shop.example.co.za',
    PAYFAST_MODE: 'sandbox',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_PASSPHRASE: passphrase,
    PAYFAST_VALIDATE_URL: validate.validateUrl,
    PAYFAST_API_URL: api.apiUrl,
    PAYFAST_VERIFY_SOURCE: 'false',
    SUPPLIER_VAT_NUMBER: '4123456789',
    SUPPLIER_ADDRESS: '1 Long Street, Cape Town, 8001',
  });
  customer = await signUp(t.app);
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await api.close();
  await validate.close();
});

let pfCounter = 0;

/** A paid order: a payment started by the customer and PayFast's COMPLETE ITN for it. */
async function paidPayment() {
  const order = (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ type: 'package', packageId: 'plan-essential' }] },
      headers: { cookie: customer.cookie },
    })
  ).json<{ reference: string; total: number }>();
  const form = (
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.reference}/payfast`,
      headers: { cookie: customer.cookie },
    })
  ).json<{ reference: string; fields: Record<string, string> }>();
  pfCounter += 1;
  const pfPaymentId = `77${pfCounter}0001`;
  const notify = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: completeItn(form, pfPaymentId, { feeCents: 11_500 }),
    remoteAddress: '197.97.145.150',
  });
  expect(notify.statusCode).toBe(200);
  await t.app.jobs.drain();
  const cents = Math.round(order.total * 100);
  api.addPayment(pfPaymentId, cents);
  return { reference: form.reference, pfPaymentId, cents, total: order.total };
}

const askRefund = async (payment: string, amount: number, reason = 'Customer changed plans') => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${payment}/refunds`,
    headers: { cookie: admin.cookie },
    payload: { amount, reason },
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ reference: string }>().reference;
};

const refundRow = async (reference: string) =>
  (await t.app.database.db.select().from(refunds).where(eq(refunds.reference, reference)))[0]!;

describe('refunds when PayFast misbehaves', () => {
  it('keeps a refund pending while PayFast does not answer, and makes it once PayFast is back', async () => {
    const paid = await paidPayment();
    api.fail(
      { status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' },
      'drop',
    );
    const reference = await askRefund(paid.reference, 100);
    await t.app.jobs.drain();
    expect((await refundRow(reference)).status).toBe('pending');
    await runRetriesNow(t.app);
    expect((await refundRow(reference)).status).toBe('pending');
    const [job] = (await jobsNamed(t.app, 'refund-payment')).slice(-1);
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    await runRetriesNow(t.app);
    expect(await refundRow(reference)).toMatchObject({
      status: 'completed',
      outcome: 'Refunded by PayFast to the card',
    });
    expect(api.refundedOf(paid.pfPaymentId)).toBe(10000);
  });

  it('recognises a refund PayFast made when its answer was lost: never refunds twice', async () => {
    const paid = await paidPayment();
    // The query answers; PayFast makes the refund but the line drops before its answer arrives.
    api.fail('answer', 'lose-answer');
    const reference = await askRefund(paid.reference, 250.5);
    await t.app.jobs.drain();
    expect((await refundRow(reference)).status).toBe('pending');
    expect(api.refundedOf(paid.pfPaymentId)).toBe(25050);
    const posts = api.calls.filter((c) => c.method === 'POST').length;
    await runRetriesNow(t.app);
    expect(await refundRow(reference)).toMatchObject({
      status: 'completed',
      outcome: 'PayFast had already made this refund',
    });
    expect(api.calls.filter((c) => c.method === 'POST').length).toBe(posts);
    expect(api.refundedOf(paid.pfPaymentId)).toBe(25050);
  });

  it('fails a refund PayFast will not make, tells the admins, and lets them try again', async () => {
    const paid = await paidPayment();
    // Refunded outside the site (PayFast's dashboard): less is left at PayFast than here.
    api.refundOutside(paid.pfPaymentId, paid.cents - 1000);
    const reference = await askRefund(paid.reference, 50);
    await t.app.jobs.drain();
    const failed = await refundRow(reference);
    expect(failed.status).toBe('failed');
    expect(failed.outcome).toBe(
      `PayFast allows only ${formatZAR(1000)} more to be refunded on this payment`,
    );
    const [job] = (await jobsNamed(t.app, 'refund-payment')).slice(-1);
    expect(job!.status).toBe('failed');
    const alerts = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, t.config.site.contactEmail));
    expect(alerts.map((m) => m.subject)).toContain(
      `Refund ${reference} of ${formatZAR(5000)} failed`,
    );
    // Nothing was refunded, so the administrator can refund what PayFast still holds.
    const again = await askRefund(paid.reference, 10);
    await t.app.jobs.drain();
    expect((await refundRow(again)).status).toBe('completed');
  });
});
