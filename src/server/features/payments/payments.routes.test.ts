import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainOrders,
  jobs,
  orderEvents,
  orders,
  paymentNotifications,
  payments,
  serviceRequests,
} from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { startPayfastStandIn } from '../../../../tests/stubs/payfast-stand-in.ts';
import { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { md5, signatureString } from '../../integrations/payfast/signature.ts';
import { checkNotification, receiveNotification } from './payment-notifications.service.ts';
import { maxItnBacklog } from './payments.routes.ts';

const passphrase = 'jt7NOE43FZPn';
let t: TestApp;
let payfast: Awaited<ReturnType<typeof startPayfastStandIn>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let cookie: string;
let email: string;

beforeAll(async () => {
  payfast = await startPayfastStandIn();
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://shop.example.co.za',
    PAYFAST_MODE: 'sandbox',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_PASSPHRASE: passphrase,
    PAYFAST_VALIDATE_URL: payfast.validateUrl,
    PAYFAST_VERIFY_SOURCE: 'false',
    SUPPLIER_VAT_NUMBER: '4123456789',
    SUPPLIER_ADDRESS: '1 Long Street, Cape Town, 8001',
    SUPPLIER_REGISTRATION_NUMBER: '2021/456789/07',
    SUPPLIER_PHONE: '011 555 0192',
  });
  ({ cookie, email } = await signUp(t.app, { fullName: 'Thandi Nkosi' }));
});
afterAll(async () => {
  await t.close();
  await payfast.close();
  await smtp.close();
});

async function newPayment(items: unknown[] = [{ type: 'package', packageId: 'website-business' }]) {
  const order = (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items },
      headers: { cookie },
    })
  ).json();
  const form = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.reference}/payfast`,
    headers: { cookie },
  });
  return {
    order,
    form: form.json() as { action: string; reference: string; fields: Record<string, string> },
  };
}

function itn(reference: string, overrides: Record<string, string> = {}, key = passphrase) {
  const fields: [string, string][] = Object.entries({
    m_payment_id: reference,
    pf_payment_id: overrides.pf_payment_id ?? `${Date.now()}${Math.floor(Math.random() * 1000)}`,
    payment_status: 'COMPLETE',
    item_name: 'Order',
    amount_gross: '4999.00',
    amount_fee: '-162.27',
    amount_net: '4836.73',
    merchant_id: '10000100',
    ...overrides,
  });
  const signed = [...fields, ['signature', md5(signatureString(fields, key))]];
  return new URLSearchParams(signed).toString();
}

/** Posts an ITN, then waits until the app has checked it (the answer comes before the checks). */
async function notify(body: string, remoteAddress = '197.97.145.150') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
    remoteAddress,
  });
  await t.app.jobs.drain();
  return response;
}

const state = async (reference: string) => {
  const [payment] = await t.app.database.db
    .select()
    .from(payments)
    .where(eq(payments.reference, reference));
  const [order] = await t.app.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, payment!.orderId));
  return { payment: payment!, order: order! };
};

describe('who may ask', () => {
  it('answers 401 without a session before looking at what was sent', async () => {
    for (const [method, url] of [
      ['POST', '/api/orders/not-a-reference/payfast'],
      ['POST', '/api/payments/nonsense/cancel'],
      ['GET', '/api/payments/nonsense'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toBe('Please sign in to continue');
    }
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/orders/not-a-reference/payfast',
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(400);
  });
});

describe('the PayFast form', () => {
  it('has the fields in PayFast’s order, amount as 1234.50 and a valid signature', async () => {
    const { form, order } = await newPayment();
    expect(form.action).toBe('https://sandbox.payfast.co.za/eng/process');
    expect(Object.keys(form.fields)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'item_description',
      'signature',
    ]);
    expect(form.fields).toMatchObject({
      amount: '4999.00',
      m_payment_id: form.reference,
      item_name: `Order ${order.reference}`,
      notify_url: 'https://shop.example.co.za/api/payments/payfast/notify',
      name_first: 'Thandi',
    });
    const { signature, ...rest } = form.fields;
    expect(signature).toBe(md5(signatureString(Object.entries(rest), passphrase)));
  });
});

describe('ITN', () => {
  it('pays the order once even when the same ITN arrives three times, two of them at once', async () => {
    const { form, order } = await newPayment([{ type: 'package', packageId: 'website-business' }]);
    const body = itn(form.reference, { pf_payment_id: '777001' });
    // Two deliveries checked at the same moment (as two server processes would), then a third.
    const fields = [...new URLSearchParams(body)];
    const deps = { db: t.app.database.db, config: t.app.config, orderLines: t.app.orderLines };
    const received = await Promise.all([
      receiveNotification(deps, { method: 'payfast', fields, ip: '197.97.145.150' }),
      receiveNotification(deps, { method: 'payfast', fields, ip: '197.97.145.150' }),
    ]);
    await Promise.all(
      received.map((itn) => (itn.accepted ? checkNotification(deps, itn.id) : null)),
    );
    expect((await notify(body)).statusCode).toBe(200);
    const { payment, order: stored } = await state(form.reference);
    expect(payment).toMatchObject({ status: 'paid', externalId: '777001', feeCents: 16_227 });
    expect(stored.status).toBe('paid');
    const events = await t.app.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, stored.id));
    expect(events.map((e) => e.toStatus)).toEqual(['pending_payment', 'paid']);
    const stored3 = await t.app.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentReference, form.reference));
    expect(stored3.map((i) => i.reason)).toEqual(
      expect.arrayContaining(['COMPLETE: payment and order paid', 'duplicate: already applied']),
    );
    expect(order.status).toBe('pending_payment');
    const mine = await t.app.inject({ method: 'GET', url: '/api/payments', headers: { cookie } });
    expect(mine.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reference: form.reference, status: 'paid', amount: 4999 }),
      ]),
    );
    const { latestMail } = await import('../../../../tests/helpers/accounts.ts');
    const receipt = await latestMail(
      t.app,
      email,
      `Payment received for order ${stored.reference}`,
    );
    expect(receipt.text).toContain('Ready-made website: Business: R');
    const { serviceRequests } = await import('#db/schema/index.ts');
    const won = await t.app.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.status, 'won'));
    expect(won.map((p) => p.message)).toContain(
      `Paid order ${stored.reference}: Ready-made website: Business`,
    );
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${form.reference}`,
      headers: { cookie },
    });
    expect(detail.json()).toMatchObject({
      status: 'paid',
      externalId: '777001',
      method: 'Card (PayFast)',
      items: [{ title: 'Ready-made website: Business', quantity: 1, total: 4999 }],
    });
  });

  it('marks the paid order’s domains paid for the registration worker, which completes it', async () => {
    const { order, form } = await newPayment([
      {
        type: 'domain',
        domain: 'itn-paid-domain.co.za',
        years: 1,
        registrant: {
          type: 'individual',
          fullName: 'Thandi Nkosi',
          email: 'thandi@example.co.za',
          phone: '0825550101',
          address1: '12 Jan Smuts Ave',
          city: 'Johannesburg',
          province: 'Gauteng',
          postalCode: '2196',
        },
      },
    ]);
    await notify(itn(form.reference, { amount_gross: '131.10' }));
    await t.app.jobs.drain();
    const [domain] = await t.app.database.db
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.domain, 'itn-paid-domain.co.za'));
    expect(domain!.status).toBe('active');
    const { order: completed } = await state(form.reference);
    expect(completed.status).toBe('completed');
    const events = await t.app.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, completed.id))
      .orderBy(orderEvents.id);
    expect(events.map((e) => e.toStatus)).toEqual([
      'pending_payment',
      'paid',
      'in_progress',
      'completed',
    ]);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}`,
      headers: { cookie },
    });
    expect(shown.json()).toMatchObject({
      status: 'completed',
      invoice: expect.stringMatching(/^INV-\d{6}$/),
    });
  });

  it('answers 200 at once while PayFast’s confirmation hangs, and checks the ITN afterwards', async () => {
    const { form } = await newPayment();
    payfast.hold();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payfast/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: itn(form.reference),
        remoteAddress: '197.97.145.150',
      });
      expect(response.statusCode).toBe(200);
      const [waiting] = await t.app.database.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.paymentReference, form.reference));
      expect(waiting).toMatchObject({ accepted: null, method: 'payfast', status: 'COMPLETE' });
      expect((await state(form.reference)).payment.status).toBe('pending');
    } finally {
      payfast.release();
    }
    await t.app.jobs.drain();
    expect((await state(form.reference)).payment.status).toBe('paid');
  });

  it('checks an ITN that was stored but never checked (a crash) on the next run', async () => {
    const { form } = await newPayment();
    await receiveNotification(
      { db: t.app.database.db, config: t.app.config, orderLines: t.app.orderLines },
      {
        method: 'payfast',
        fields: [...new URLSearchParams(itn(form.reference))],
        ip: '197.97.145.150',
      },
    );
    await t.app.jobs.drain();
    expect((await state(form.reference)).payment.status).toBe('paid');
  });

  it('refuses forged or wrong ITNs at the door (400), queues nothing, and keeps why for our payments', async () => {
    const { form } = await newPayment();
    const cases: [string, string][] = [
      [itn(form.reference, {}, 'wrong-passphrase'), 'signature mismatch'],
      [itn(form.reference, { amount_gross: '1.00' }), 'amount 1.00 does not match 4999.00'],
      [itn(form.reference, { merchant_id: '999' }), 'merchant id is not ours'],
    ];
    const checkJobs = async () => (await jobsNamed(t.app, 'check-payment-notification')).length;
    const jobsBefore = await checkJobs();
    for (const [body, reason] of cases) {
      const refused = await notify(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: `Notification refused: ${reason}`,
        code: 'BAD_REQUEST',
      });
      const [last] = (
        await t.app.database.db.select().from(paymentNotifications).orderBy(paymentNotifications.id)
      ).slice(-1);
      expect(last).toMatchObject({ accepted: false, reason, paymentReference: form.reference });
    }
    // Junk naming no payment of ours leaves no row at all.
    const rows = async () => (await t.app.database.db.select().from(paymentNotifications)).length;
    const rowsBefore = await rows();
    expect((await notify(itn('PAY-NOSUCH00'))).json().error).toBe(
      'Notification refused: unknown payment reference PAY-NOSUCH00',
    );
    expect(await rows()).toBe(rowsBefore);
    expect(await checkJobs()).toBe(jobsBefore);
    payfast.answer('INVALID');
    await notify(itn(form.reference));
    payfast.answer('VALID');
    const [last] = (
      await t.app.database.db.select().from(paymentNotifications).orderBy(paymentNotifications.id)
    ).slice(-1);
    expect(last).toMatchObject({
      accepted: false,
      reason: 'PayFast answered INVALID to the server confirmation',
    });
    const { payment, order } = await state(form.reference);
    expect(payment.status).toBe('pending');
    expect(order.status).toBe('pending_payment');
  });

  it('keeps trying when PayFast gives no verdict (503, 403, a dropped line), tells the admins, then pays', async () => {
    const { form } = await newPayment();
    const itnRow = async () =>
      (
        await t.app.database.db
          .select()
          .from(paymentNotifications)
          .where(eq(paymentNotifications.paymentReference, form.reference))
      )[0]!;
    const checkJob = async () => {
      const { id } = await itnRow();
      return (await jobsNamed(t.app, 'check-payment-notification')).find(
        (job) => job.payload.notificationId === id,
      )!;
    };
    try {
      payfast.answer({
        status: 503,
        body: '<html><body>Service Unavailable</body></html>',
        contentType: 'text/html',
      });
      expect((await notify(itn(form.reference))).statusCode).toBe(200);
      const itnRow0 = await itnRow();
      expect(itnRow0.accepted).toBeNull();
      expect(itnRow0.reason).toMatch(
        /^waiting for PayFast's confirmation: PayFast's validate endpoint answered 503/,
      );
      expect(await checkJob()).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: 30 });
      expect((await state(form.reference)).payment.status).toBe('pending');

      payfast.answer('drop');
      await runRetriesNow(t.app);
      expect((await itnRow()).reason).toContain('did not answer');
      payfast.answer({ status: 403, body: 'Forbidden' });
      await runRetriesNow(t.app);
      expect(await checkJob()).toMatchObject({ status: 'queued', attempts: 3 });
      const alert = await latestMail(
        t.app,
        t.config.site.contactEmail,
        `PayFast is not confirming the notification for ${form.reference}`,
      );
      expect(alert.text).toContain('has failed 3 times');
      expect(alert.text).toContain('answered 403 "Forbidden"');

      payfast.answer('VALID');
      await runRetriesNow(t.app);
      expect(await itnRow()).toMatchObject({ accepted: true });
      expect(await checkJob()).toMatchObject({ status: 'done', attempts: 4 });
      const { payment, order } = await state(form.reference);
      expect(payment.status).toBe('paid');
      expect(order.status).toBe('paid');
    } finally {
      payfast.answer('VALID');
    }
  });

  it('checks every waiting ITN as soon as PayFast answers again, not at the end of its back-off', async () => {
    const first = (await newPayment()).form;
    const second = (await newPayment()).form;
    try {
      payfast.answer({ status: 503, body: 'Service Unavailable' });
      await notify(itn(first.reference));
      await notify(itn(second.reference));
      expect((await state(first.reference)).payment.status).toBe('pending');
      const waiting = (await jobsNamed(t.app, 'check-payment-notification')).filter(
        (job) => job.status === 'queued',
      );
      expect(waiting).toHaveLength(2);
      payfast.answer('VALID');
      // Only the first ITN's check comes due (as its back-off would have it); the second follows.
      await t.app.database.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, waiting[0]!.id));
      await t.app.jobs.drain();
      expect((await state(first.reference)).payment.status).toBe('paid');
      expect((await state(second.reference)).payment.status).toBe('paid');
    } finally {
      payfast.answer('VALID');
    }
  });

  it('keeps the notify route small and bounded: body limit, rate limit outside PayFast, backlog', async () => {
    const { form } = await newPayment();
    const big = await notify(`${itn(form.reference)}&custom_str1=${'x'.repeat(9000)}`);
    expect(big.statusCode).toBe(413);

    const stranger = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await notify(itn('PAY-NOSUCH00'), stranger)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // PayFast's own addresses are never limited.
    expect((await notify(itn('PAY-NOSUCH00'))).statusCode).toBe(400);

    const backlog = Array.from({ length: maxItnBacklog }, () => ({
      fields: [['m_payment_id', 'PAY-BACKLOG0']] as [string, string][],
    }));
    const stuck = await t.app.database.db
      .insert(paymentNotifications)
      .values(backlog)
      .returning({ id: paymentNotifications.id });
    try {
      const refused = await notify(itn(form.reference));
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await t.app.database.db.delete(paymentNotifications).where(
        inArray(
          paymentNotifications.id,
          stuck.map((row) => row.id),
        ),
      );
    }
    expect((await notify(itn(form.reference))).statusCode).toBe(200);
    expect((await state(form.reference)).payment.status).toBe('paid');
  });

  it('records a second charge (a new pf_payment_id) on a paid payment as money received, owed back', async () => {
    // PayFast calls pf_payment_id its unique transaction id: a new one is a new charge, even
    // for the same m_payment_id, so it can never be a "duplicate" of the first.
    const { form, order } = await newPayment();
    await notify(itn(form.reference, { pf_payment_id: '880001' }));
    const second = await notify(itn(form.reference, { pf_payment_id: '880002' }));
    expect(second.statusCode).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await state(form.reference)).order.id));
    expect(rows.map((p) => [p.externalId, p.status, p.overpayment, p.amountCents])).toEqual(
      expect.arrayContaining([
        ['880001', 'paid', false, 499_900],
        ['880002', 'paid', true, 499_900],
      ]),
    );
    const [verdict] = await t.app.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.externalId, '880002'));
    expect(verdict).toMatchObject({ accepted: true });
    expect(verdict!.reason).toMatch(/^COMPLETE: a second charge 880002 on paid payment PAY-/);
    await smtp.waitFor(email, `You paid order ${order.reference} twice`);
    // The same second charge told again is the duplicate; nothing more is recorded.
    await notify(itn(form.reference, { pf_payment_id: '880002' }));
    const after = await t.app.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await state(form.reference)).order.id));
    expect(after).toHaveLength(rows.length);
  });

  it('records a FAILED payment and keeps the order payable', async () => {
    const { form } = await newPayment();
    await notify(itn(form.reference, { payment_status: 'FAILED' }));
    const { payment, order } = await state(form.reference);
    expect(payment.status).toBe('failed');
    expect(order.status).toBe('pending_payment');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.reference}/payfast`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
  });

  it('keeps one live attempt per order: a second tab closes the first, whose late COMPLETE still pays', async () => {
    const { order, form: firstTab } = await newPayment();
    const secondTab = (
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.reference}/payfast`,
        headers: { cookie },
      })
    ).json<{ reference: string }>();
    expect(secondTab.reference).not.toBe(firstTab.reference);
    expect((await state(firstTab.reference)).payment.status).toBe('cancelled');
    expect((await state(secondTab.reference)).payment.status).toBe('pending');
    await notify(itn(firstTab.reference));
    expect((await state(firstTab.reference)).payment.status).toBe('paid');
    expect((await state(firstTab.reference)).order.status).toBe('paid');
    // The order is paid: no attempt can be started for it any more.
    const third = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.reference}/payfast`,
      headers: { cookie },
    });
    expect(third.statusCode).toBe(409);
  });

  it('closes an attempt the customer cancelled, yet a late COMPLETE still pays the order', async () => {
    const { form } = await newPayment();
    const cancel = (who = cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${form.reference}/cancel`,
        headers: { cookie: who },
      });
    expect((await cancel((await signUp(t.app)).cookie)).statusCode).toBe(404);
    expect((await cancel()).json()).toEqual({ reference: form.reference, status: 'cancelled' });
    expect((await cancel()).json().status).toBe('cancelled');
    expect((await state(form.reference)).order.status).toBe('pending_payment');
    await notify(itn(form.reference));
    const after = await state(form.reference);
    expect(after.payment.status).toBe('paid');
    expect(after.order.status).toBe('paid');
    expect((await cancel()).json().status).toBe('paid');
  });
});

describe('the order book', () => {
  it('lets an administrator list orders and move a paid one on, audited; customers cannot', async () => {
    const { signInAdmin } = await import('../../../../tests/helpers/admins.ts');
    const admin = await signInAdmin(t.app);
    const { order, form } = await newPayment([{ type: 'package', packageId: 'plan-essential' }]);
    await notify(itn(form.reference, { amount_gross: '3499.00' }));
    const list = (query: string, who = admin.cookie) =>
      t.app.inject({ method: 'GET', url: `/api/admin/orders${query}`, headers: { cookie: who } });
    expect((await list('', cookie)).statusCode).toBe(401);
    const page = (await list('?status=paid')).json();
    expect(page.items.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect(
      page.items.find((o: { reference: string }) => o.reference === order.reference),
    ).toMatchObject({
      customer: { name: 'Thandi Nkosi', email },
      invoice: expect.stringMatching(/^INV-\d{6}$/),
      events: [
        { toStatus: 'pending_payment' },
        { fromStatus: 'pending_payment', toStatus: 'paid' },
      ],
    });
    const move = (status: string, note?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${order.reference}`,
        headers: { cookie: admin.cookie },
        payload: { status, note },
      });
    const skip = await move('completed');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe(`Order ${order.reference} is paid and cannot become completed`);
    expect((await move('paid')).statusCode).toBe(400);
    expect((await move('in_progress', 'Writer assigned')).json()).toMatchObject({
      status: 'in_progress',
    });
    expect((await move('in_progress')).statusCode).toBe(200);
    const done = (await move('completed')).json();
    expect(done.status).toBe('completed');
    expect(done.events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'pending_payment',
      'paid',
      'in_progress',
      'completed',
    ]);
    expect(done.events[2].note).toBe('Writer assigned');
    const { auditLog } = await import('#db/schema/index.ts');
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, order.reference));
    expect(audits.map((a) => a.action)).toEqual(['order.status_changed', 'order.status_changed']);
  });
});

describe('paying a quoted service request', () => {
  it('orders the quote at the quoted price, and the paid ITN marks the request paid', async () => {
    const { signInAdmin } = await import('../../../../tests/helpers/admins.ts');
    const admin = await signInAdmin(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      headers: { cookie },
      payload: {
        serviceType: 'mobile_app',
        name: 'Thandi Nkosi',
        email,
        message: 'An ordering app for our three coffee shops in Durban.',
      },
    });
    const { reference } = created.json();
    const [request] = await t.app.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.reference, reference));
    const order = (items: unknown[], who = cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: who },
        payload: { items },
      });
    const line = { type: 'service-request', reference, price: 1 };

    const early = await order([line]);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(`Service request ${reference} has no quote to pay`);

    for (const change of [{ status: 'contacted' }, { status: 'quoted', quote: 18_500 }]) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/service-requests/${request!.id}`,
        headers: { cookie: admin.cookie },
        payload: change,
      });
    }
    const stranger = await signUp(t.app);
    const foreign = await order([line], stranger.cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(`There is no service request ${reference} in your account`);

    const placed = await order([line]);
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      total: 18_500,
      items: [{ title: `Mobile App Development (quote ${reference})`, total: 18_500 }],
    });
    // Over R5 000 the tax invoice names the customer's address, so it is on the profile first.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { fullName: 'Thandi Nkosi', address: '4 Bree Street, Cape Town, 8001' },
    });
    const form = (
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${placed.json().reference}/payfast`,
        headers: { cookie },
      })
    ).json();
    await notify(itn(form.reference, { amount_gross: '18500.00' }));
    const [paid] = await t.app.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, request!.id));
    expect(paid!.status).toBe('paid');
    const again = await order([line]);
    expect(again.json().error).toBe(`Service request ${reference} is already paid`);
  });
});

describe('/payment/test', () => {
  it('starts a R5.00 test payment in sandbox mode, and refuses in live mode', async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/payments/test',
      headers: { cookie },
    });
    expect(info.json()).toEqual({ available: true, mode: 'sandbox', amount: 5 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test',
      headers: { cookie },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().fields).toMatchObject({ amount: '5.00', merchant_id: '10000100' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/payments/test' });
    expect(anonymous.statusCode).toBe(401);

    const live = await createTestApp({
      PUBLIC_URL: 'https://shop.example.co.za',
      PAYFAST_MODE: 'live',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: passphrase,
    });
    try {
      const customer = await signUp(live.app);
      const liveInfo = await live.app.inject({
        method: 'GET',
        url: '/api/payments/test',
        headers: { cookie: customer.cookie },
      });
      expect(liveInfo.json()).toMatchObject({ available: false, mode: 'live' });
      const refused = await live.app.inject({
        method: 'POST',
        url: '/api/payments/test',
        headers: { cookie: customer.cookie },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(
        'Test payments are only available in sandbox and simulator mode',
      );
      const { orders: ordersTable } = await import('#db/schema/index.ts');
      expect(await live.app.database.db.select().from(ordersTable)).toEqual([]);
    } finally {
      await live.close();
    }
  });
});

describe('ITN source check', () => {
  it('refuses an ITN from an address that is not PayFast when the check is on', async () => {
    const strict = await createTestApp({
      PAYFAST_MODE: 'sandbox',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: passphrase,
      PAYFAST_VALIDATE_URL: payfast.validateUrl,
    });
    try {
      const customer = await signUp(strict.app);
      const order = (
        await strict.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: { items: [{ type: 'package', packageId: 'website-business' }] },
          headers: { cookie: customer.cookie },
        })
      ).json<{ reference: string }>();
      const form = (
        await strict.app.inject({
          method: 'POST',
          url: `/api/orders/${order.reference}/payfast`,
          headers: { cookie: customer.cookie },
        })
      ).json<{ reference: string }>();
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/payments/payfast/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: itn(form.reference),
        remoteAddress: '203.0.113.9',
      });
      // The source is checked after the answer (it may need a DNS lookup), in the job.
      expect(response.statusCode).toBe(200);
      await strict.app.jobs.drain();
      const [stored] = await strict.app.database.db.select().from(paymentNotifications);
      expect(stored).toMatchObject({
        accepted: false,
        reason: 'source 203.0.113.9 is not PayFast',
      });
    } finally {
      await strict.close();
    }
  });
});

describe('tax invoices', () => {
  it('asks for the address above R5 000, then issues a full tax invoice: add-ons and periods on their own lines', async () => {
    const buyer = await signUp(t.app, { fullName: 'Sipho Ndlovu' });
    const order = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: buyer.cookie },
        payload: {
          items: [
            { type: 'package', packageId: 'plan-bank-ready', addOnIds: ['plan-pitch-deck'] },
            {
              type: 'package',
              packageId: 'finance-bookkeeping',
              addOnIds: ['finance-cipc-annual-return'],
            },
          ],
        },
      })
    ).json<{ reference: string; total: number }>();
    expect(order.total).toBe(6999 + 1999 + 1299 + 399);
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.reference}/payfast`,
        headers: { cookie: buyer.cookie },
      });
    const refused = await start();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      `Over ${formatZAR(500_000)}, a tax invoice must show your address. Add it to your invoice details, then pay.`,
    );
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: buyer.cookie },
      payload: {
        fullName: 'Sipho Ndlovu',
        phone: '082 555 1234',
        address: '12 Vilakazi Street, Orlando West, Soweto, 1804',
      },
    });
    const form = (await start()).json<{ reference: string }>();
    const pfPaymentId = '8812345';
    await notify(itn(form.reference, { amount_gross: '10696.00', pf_payment_id: pfPaymentId }));
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}/invoice.pdf`,
      headers: { cookie: buyer.cookie },
    });
    const { text } = await pdfText(pdf.rawPayload);
    const today = new Intl.DateTimeFormat('en-ZA', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Johannesburg',
    }).format(new Date());
    for (const required of [
      'Tax Invoice',
      'INV-',
      `Date ${today}`,
      // The letterhead: who we are and how to reach us.
      'Reg. no. 2021/456789/07 · VAT number 4123456789',
      'Tel. 011 555 0192',
      'shop.example.co.za',
      '1 Long Street, Cape Town, 8001',
      'Sipho Ndlovu',
      'Tel. 082 555 1234',
      '12 Vilakazi Street, Orlando West, Soweto, 1804',
      'Unit incl. VAT',
      'Amount incl. VAT',
      'Business plan: Bank-ready plan',
      'R 6 999,00',
      '12-slide pitch deck (add-on)',
      'R 1 999,00',
      `Financial management: Bookkeeping (monthly: ${today} to`,
      'CIPC annual return filed (add-on) (yearly:',
      'R 399,00',
      // R10 696,00 incl. VAT: VAT = 10 696 × 15/115 = R1 395,13.
      'Subtotal excl. VAT R 9 300,87',
      'VAT (15%) included R 1 395,13',
      'Total R 10 696,00',
      // Paid in full: the mark, and what paid it with the method's own reference.
      `PAID ${today}`,
      `${today} Card (PayFast) ${pfPaymentId} R 10 696,00`,
    ]) {
      expect(text, required).toContain(required);
    }
  });

  it('issues one numbered invoice per paid order, in an unbroken series, as a PDF', async () => {
    const { invoices } = await import('#db/schema/index.ts');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: {
        fullName: 'Thandi Nkosi',
        company: 'Nkosi Catering (Pty) Ltd',
        vatNumber: '4987654321',
      },
    });
    const first = await newPayment([{ type: 'package', packageId: 'plan-essential' }]);
    const second = await newPayment([{ type: 'package', packageId: 'plan-essential' }]);
    await notify(itn(first.form.reference, { amount_gross: '3499.00' }));
    await notify(itn(first.form.reference, { amount_gross: '3499.00' }));
    await notify(itn(second.form.reference, { amount_gross: '3499.00' }));
    const numbers = (await t.app.database.db.select().from(invoices))
      .map((i) => i.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const [row] = await t.app.database.db
      .select()
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.reference, second.order.reference));
    expect(row!.invoices).toMatchObject({ vatCents: 45_639, totalCents: 349_900 });
    expect(row!.invoices.supplier).toMatchObject({ vatNumber: '4123456789' });
    expect(row!.invoices.recipient).toMatchObject({
      name: 'Nkosi Catering (Pty) Ltd',
      vatNumber: '4987654321',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${second.order.reference}/invoice.pdf`,
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="INV-${String(row!.invoices.number).padStart(6, '0')}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await signUp(t.app);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${second.order.reference}/invoice.pdf`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('goes with the receipt e-mail as a PDF attachment, over SMTP', async () => {
    const { order, form } = await newPayment([{ type: 'package', packageId: 'plan-essential' }]);
    await notify(itn(form.reference, { amount_gross: '3499.00' }));
    await t.app.jobs.drain();
    const mail = await smtp.waitFor(email, `Payment received for order ${order.reference}`);
    expect(mail.text).toMatch(/Your tax invoice INV-\d{6} is attached as a PDF/);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.filename).toMatch(/^INV-\d{6}\.pdf$/);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows in the admin dashboard and the monthly profit figures', async () => {
    const { signInAdmin } = await import('../../../../tests/helpers/admins.ts');
    const admin = await signInAdmin(t.app);
    const dashboard = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(dashboard.ordersToday).toBeGreaterThan(0);
    expect(dashboard.revenueThisMonthExVatCents).toBeGreaterThan(0);
    const months = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/profit-analytics',
        headers: { cookie: admin.cookie },
      })
    ).json();
    const month = months[0];
    expect(month.month).toMatch(/^\d{4}-\d{2}$/);
    expect(month.revenueExVat).toBeCloseTo(month.revenue - month.vat, 2);
    // One basis: the supplier is a VAT vendor, so the fee's VAT is claimed back, not a cost.
    expect(month.paymentFeesExVat + month.paymentFeeVat).toBeCloseTo(month.paymentFees, 2);
    expect(month.paymentFeesExVat).toBeCloseTo(month.paymentFees / 1.15, 2);
    expect(month.grossProfit).toBeCloseTo(
      month.revenueExVat - month.paymentFeesExVat - month.registrarCosts,
      2,
    );
    expect(month.paymentFees).toBeGreaterThan(0);
    expect(month.registrarCosts).toBe(95);
  });

  it('shows the caller’s own last payment on the debug call, passphrase masked', async () => {
    const { form } = await newPayment();
    await notify(itn(form.reference, { amount_gross: '1.00' }));
    const debug = (
      await t.app.inject({ method: 'GET', url: '/api/payments/debug', headers: { cookie } })
    ).json();
    expect(debug).toMatchObject({ reference: form.reference, status: 'pending' });
    expect(debug.signatureString).toMatch(/^merchant_id=10000100&.*&passphrase=\*{8}$/);
    expect(debug.signatureString).not.toContain(passphrase);
    expect(debug.itns).toEqual([
      expect.objectContaining({ accepted: false, reason: 'amount 1.00 does not match 4999.00' }),
    ]);
    const stranger = await signUp(t.app);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/payments/debug',
      headers: { cookie: stranger.cookie },
    });
    expect(none.statusCode).toBe(404);
  });
});
