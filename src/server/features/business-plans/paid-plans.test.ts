import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '#db/schema/index.ts';
import type { AdminPlan, AdminPlanSummary, Plan } from '#shared/business-plans.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { startPayfastStandIn } from '../../../../tests/stubs/payfast-stand-in.ts';
import { completeItn, sandboxMerchant } from '../../../../tests/helpers/payfast-itn.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';

/**
 * The professional plan (issue 17 §4): paying for a plan package opens a plan with our writers,
 * linked to the order line; the customer may bring in a plan of their own; the back office
 * comments on sections, edits and delivers; the customer is e-mailed at each step.
 */
let validate: Awaited<ReturnType<typeof startPayfastStandIn>>;
let t: TestApp;
const origin = 'https://shop.example.co.za';

beforeAll(async () => {
  validate = await startPayfastStandIn();
  t = await createTestApp({
    PUBLIC_URL: origin,
    PAYFAST_MODE: 'sandbox',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_PASSPHRASE: sandboxMerchant.passphrase,
    PAYFAST_VALIDATE_URL: validate.validateUrl,
    PAYFAST_VERIFY_SOURCE: 'false',
  });
});
afterAll(async () => {
  await t?.close();
  await validate?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin }, ...(payload ? { payload } : {}) });

const mailsTo = (to: string) =>
  t.app.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to));

async function buyPlan(customer: { cookie: string }, packageId: string, pfPaymentId: string) {
  const order = await call('POST', '/api/orders', customer.cookie, {
    items: [{ type: 'package', packageId }],
  });
  expect(order.statusCode).toBe(201);
  const { reference } = order.json<{ reference: string }>();
  const form = (await call('POST', `/api/orders/${reference}/payfast`, customer.cookie)).json<{
    reference: string;
    fields: Record<string, string>;
  }>();
  const notify = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: completeItn(form, pfPaymentId, { feeCents: 2_437 }),
    remoteAddress: '197.97.145.150',
  });
  expect(notify.statusCode).toBe(200);
  await t.app.jobs.drain();
  return reference;
}

describe('the professional business plan', () => {
  it('goes from payment to our writers, comments and delivery, with the customer e-mailed', async () => {
    const customer = await signUp(t.app, { fullName: 'Zodwa Dlamini' });
    const own = (
      await call('POST', '/api/business-plans', customer.cookie, { name: 'My own draft' })
    ).json<Plan>();
    await call('PUT', `/api/business-plans/${own.id}`, customer.cookie, {
      name: own.name,
      businessName: 'Zodwa Foods',
      sections: { ...own.sections, market: 'Commuters at Bara rank.' },
      assumptions: own.assumptions,
      baseVersion: own.version,
    });

    const orderReference = await buyPlan(customer, 'plan-bank-ready', '7701001');
    const plans = (await call('GET', '/api/business-plans', customer.cookie)).json<Plan[]>();
    const paid = plans.find((p) => p.packageName === 'Bank-ready plan')!;
    expect(paid).toMatchObject({
      status: 'in_review',
      name: `Bank-ready plan (order ${orderReference})`,
    });
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContain(
      'Your business plan is with our writers',
    );
    // A paid plan is the order's deliverable: it cannot be deleted.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/business-plans/${paid.id}`,
      headers: { cookie: customer.cookie, origin },
    });
    expect(refused.statusCode).toBe(409);

    // The customer brings in the plan they had started.
    const imported = await call('POST', `/api/business-plans/${paid.id}/import`, customer.cookie, {
      fromId: own.id,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json<Plan>()).toMatchObject({ businessName: 'Zodwa Foods' });
    expect(imported.json<Plan>().sections.market).toBe('Commuters at Bara rank.');

    // The back office sees it, comments on a section, edits it and delivers it.
    const admin = await signInAdmin(t.app);
    const list = (await call('GET', '/api/admin/business-plans', admin.cookie)).json<
      AdminPlanSummary[]
    >();
    expect(list.find((p) => p.id === paid.id)).toMatchObject({
      customerName: 'Zodwa Dlamini',
      customerEmail: customer.email,
      orderReference,
      status: 'in_review',
    });
    expect(list.some((p) => p.id === own.id)).toBe(false);

    const commented = await call(
      'POST',
      `/api/admin/business-plans/${paid.id}/comments`,
      admin.cookie,
      { section: 'market', message: 'Please add the number of taxis a day.' },
    );
    expect(commented.statusCode).toBe(201);
    const seen = (
      await call('GET', `/api/business-plans/${paid.id}`, customer.cookie)
    ).json<Plan>();
    expect(seen.comments).toEqual([
      expect.objectContaining({ section: 'market', body: 'Please add the number of taxis a day.' }),
    ]);
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContain(
      'New comment on your business plan',
    );

    const current = (
      await call('GET', `/api/admin/business-plans/${paid.id}`, admin.cookie)
    ).json<AdminPlan>();
    const edited = await call('PUT', `/api/admin/business-plans/${paid.id}`, admin.cookie, {
      name: current.name,
      businessName: current.businessName,
      sections: { ...current.sections, executiveSummary: 'Written by our team.' },
      assumptions: current.assumptions,
      baseVersion: current.version,
    });
    expect(edited.statusCode).toBe(200);
    const stale = await call('PUT', `/api/admin/business-plans/${paid.id}`, admin.cookie, {
      name: current.name,
      businessName: current.businessName,
      sections: current.sections,
      assumptions: current.assumptions,
      baseVersion: current.version,
    });
    expect(stale.statusCode).toBe(409);

    const delivered = await call(
      'POST',
      `/api/admin/business-plans/${paid.id}/deliver`,
      admin.cookie,
    );
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json<AdminPlan>()).toMatchObject({ status: 'delivered' });
    expect(
      (await call('POST', `/api/admin/business-plans/${paid.id}/deliver`, admin.cookie)).statusCode,
    ).toBe(409);
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContain(
      'Your business plan is ready',
    );
    const audited = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'business_plan'), eq(auditLog.entityId, paid.id)));
    expect(audited.map((a) => a.action).sort()).toEqual([
      'business_plan.commented',
      'business_plan.delivered',
      'business_plan.edited',
    ]);

    // The customer downloads the final PDF with the team's text.
    const pdf = await call('GET', `/api/business-plans/${paid.id}/pdf`, customer.cookie);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).text).toContain('Written by our team.');
  });

  it('keeps the back office to paid plans and customers out of it', async () => {
    const customer = await signUp(t.app);
    const own = (
      await call('POST', '/api/business-plans', customer.cookie, { name: 'Not paid for' })
    ).json<Plan>();
    const admin = await signInAdmin(t.app);
    expect(
      (await call('GET', `/api/admin/business-plans/${own.id}`, admin.cookie)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/business-plans', customer.cookie)).statusCode).toBe(401);
  });
});
