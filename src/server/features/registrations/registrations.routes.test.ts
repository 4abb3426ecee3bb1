import { and, asc, eq, like } from 'drizzle-orm';
import { saToday } from '#shared/dates.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, registrationCases, uploads } from '#db/schema/index.ts';
import type {
  AdminRegistrationCase,
  RegistrationCase,
  RegistrationSummary,
} from '#shared/registrations.schemas.ts';
import { registrationChecklists } from '#shared/registrations.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { completeItn, sandboxMerchant } from '../../../../tests/helpers/payfast-itn.ts';
import { startPayfastStandIn } from '../../../../tests/stubs/payfast-stand-in.ts';

/**
 * Issue 34 §1: a paid company registration opens one case; the team ticks each stage's checklist
 * and marks it done, dated and signed; the customer uploads ID copies and receives CIPC's
 * certificate; every step is mailed; nobody else sees the case.
 */
let validate: Awaited<ReturnType<typeof startPayfastStandIn>>;
let t: TestApp;
const origin = 'https://shop.example.co.za';
const office = 'registrations-office@example.co.za';

beforeAll(async () => {
  validate = await startPayfastStandIn();
  t = await createTestApp({
    PUBLIC_URL: origin,
    CONTACT_EMAIL: office,
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
const upload = (url: string, cookie: string, data: Buffer) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin, 'content-type': 'application/octet-stream' },
    payload: data,
  });

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const details = {
  packageId: 'registration-basic-company',
  names: ['Ubuntu Bakery', 'Ubuntu Breads', 'Kasi Loaves', ''],
  companyType: 'private_company',
  directors: [{ fullName: 'Nandi Zulu', idType: 'sa_id', idNumber: '9506245120008' }],
  address: {
    street: '12 Vilakazi Street',
    city: 'Soweto',
    province: 'Gauteng',
    postalCode: '1804',
  },
  financialYearEnd: 'February',
  taxRegistrations: ['income_tax', 'vat'],
  contactEmail: 'nandi@example.co.za',
  contactPhone: '',
};

const mailsTo = (to: string, reference: string) =>
  t.app.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `[${reference}]%`)))
    .orderBy(asc(mailOutbox.createdAt));

/** Orders a basic company with the VAT add-on and pays it by card (the ITN settles it twice). */
async function buyRegistration(cookie: string, pfPaymentId: string) {
  const order = await call('POST', '/api/orders', cookie, {
    items: [
      {
        type: 'business-registration',
        packageId: 'registration-basic-company',
        addOnIds: ['registration-vat'],
        details,
      },
    ],
  });
  expect(order.statusCode, order.body).toBe(201);
  const { reference } = order.json<{ reference: string }>();
  const form = (await call('POST', `/api/orders/${reference}/payfast`, cookie)).json<{
    reference: string;
    fields: Record<string, string>;
  }>();
  for (let i = 0; i < 2; i++) {
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/payments/payfast/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: completeItn(form, pfPaymentId, { feeCents: 2_437 }),
      remoteAddress: '197.97.145.150',
    });
    expect(notify.statusCode).toBe(200);
    await t.app.jobs.drain();
  }
  return reference;
}

describe('company registration cases', () => {
  it('opens one case on payment and moves it through its stages with the customer e-mailed', async () => {
    const customer = await signUp(t.app, { fullName: 'Nandi Zulu' });
    const admin = await signInAdmin(t.app);
    const orderReference = await buyRegistration(customer.cookie, '7734001');

    const list = (await call('GET', '/api/registrations', customer.cookie)).json<
      RegistrationSummary[]
    >();
    expect(list).toHaveLength(1);
    const { reference } = list[0]!;
    expect(list[0]).toMatchObject({
      reference: expect.stringMatching(/^R-[A-Z0-9]{6}$/),
      companyName: 'Ubuntu Bakery',
      stage: 'name_reservation',
      // Basic company with the VAT add-on: no PAYE.
      stages: [
        'name_reservation',
        'lodged',
        'certificate',
        'beneficial_ownership',
        'income_tax',
        'vat',
      ],
      completedAt: null,
    });
    expect(
      await t.app.database.db
        .select()
        .from(registrationCases)
        .where(eq(registrationCases.reference, reference)),
    ).toHaveLength(1);
    const opened = await mailsTo(customer.email, reference);
    expect(opened.map((m) => m.subject)).toEqual([
      `[${reference}] Your company registration has started`,
    ]);
    expect(opened[0]!.text).toContain(`${origin}/user/registrations/${reference}`);

    // The customer uploads a certified ID copy (checked like every upload); the office is told.
    const url = `/api/registrations/${reference}/files`;
    const exe = await upload(
      `${url}?purpose=id_copy&filename=id.pdf`,
      customer.cookie,
      Buffer.from('MZ\x90\0PE\0\0'),
    );
    expect(exe.statusCode).toBe(400);
    const id = await upload(`${url}?purpose=id_copy&filename=Nandi%20ID.pdf`, customer.cookie, pdf);
    expect(id.statusCode, id.body).toBe(201);
    expect(id.json<RegistrationCase>().files).toMatchObject([
      { purpose: 'id_copy', filename: 'Nandi ID.pdf', uploadedBy: 'customer' },
    ]);
    // The same file again (a retried upload) is kept, and told, once.
    const retried = await upload(
      `${url}?purpose=id_copy&filename=Nandi%20ID.pdf`,
      customer.cookie,
      pdf,
    );
    expect(retried.json<RegistrationCase>().files).toHaveLength(1);
    expect((await mailsTo(office, reference)).map((m) => m.subject)).toEqual([
      `[${reference}] Nandi Zulu uploaded a document`,
    ]);

    const base = `/api/admin/registrations/${reference}`;
    const board = (await call('GET', '/api/admin/registrations', admin.cookie)).json<
      { reference: string; stage: string }[]
    >();
    expect(board.find((c) => c.reference === reference)).toMatchObject({
      stage: 'name_reservation',
    });
    const detail = (await call('GET', base, admin.cookie)).json<AdminRegistrationCase>();
    expect(detail).toMatchObject({ orderReference, proposedNames: details.names.slice(0, 3) });

    // Out of order, or before the checklist is ticked, is refused.
    const early = await call('POST', `${base}/stages`, admin.cookie, { stage: 'lodged' });
    expect(early.statusCode).toBe(409);
    const unticked = await call('POST', `${base}/stages`, admin.cookie, {
      stage: 'name_reservation',
      approvedName: 'Ubuntu Breads',
    });
    expect(unticked.statusCode).toBe(409);
    expect(unticked.json()).toMatchObject({ error: 'Tick every item of the checklist first' });

    const doStage = async (stage: keyof typeof registrationChecklists, extra = {}) => {
      const ticked = await call('PUT', `${base}/checklist`, admin.cookie, {
        stage,
        items: registrationChecklists[stage],
      });
      expect(ticked.statusCode, ticked.body).toBe(200);
      const done = await call('POST', `${base}/stages`, admin.cookie, { stage, ...extra });
      expect(done.statusCode, done.body).toBe(200);
      return done.json<AdminRegistrationCase>();
    };

    await call('PUT', `${base}/checklist`, admin.cookie, {
      stage: 'name_reservation',
      items: registrationChecklists.name_reservation,
    });
    const notProposed = await call('POST', `${base}/stages`, admin.cookie, {
      stage: 'name_reservation',
      approvedName: 'Some Other Name',
    });
    expect(notProposed.statusCode).toBe(400);
    expect(notProposed.json()).toMatchObject({
      error:
        'Choose the name CIPC approved from the names the customer proposed, or record it as a variant CIPC approved',
    });
    let state = await doStage('name_reservation', { approvedName: 'ubuntu breads' });
    expect(state).toMatchObject({
      approvedName: 'Ubuntu Breads',
      companyName: 'Ubuntu Breads',
      stage: 'lodged',
      done: { name_reservation: { at: expect.any(String), by: admin.admin.name } },
    });
    // Done again (a repeated request) changes nothing and mails nothing.
    const again = await call('POST', `${base}/stages`, admin.cookie, {
      stage: 'name_reservation',
      approvedName: 'Ubuntu Bakery',
    });
    expect(again.json<AdminRegistrationCase>()).toMatchObject({
      approvedName: 'Ubuntu Breads',
      done: state.done,
    });

    state = await doStage('lodged');
    // The team delivers CIPC's certificate to the customer's area.
    const certificate = await upload(
      `${base}/files?purpose=certificate&filename=CoR14.3.pdf`,
      admin.cookie,
      pdf,
    );
    expect(certificate.statusCode, certificate.body).toBe(201);
    const redelivered = await upload(
      `${base}/files?purpose=certificate&filename=CoR14.3.pdf`,
      admin.cookie,
      pdf,
    );
    expect(redelivered.json<AdminRegistrationCase>().files).toHaveLength(2);
    const delivered = certificate
      .json<AdminRegistrationCase>()
      .files.find((f) => f.purpose === 'certificate')!;
    const download = await call(
      'GET',
      `/api/registrations/${reference}/files/${delivered.id}`,
      customer.cookie,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // The certificate stage records CIPC's registration number, and the company joins the
    // customer's compliance calendar.
    await call('PUT', `${base}/checklist`, admin.cookie, {
      stage: 'certificate',
      items: registrationChecklists.certificate,
    });
    const numberless = await call('POST', `${base}/stages`, admin.cookie, { stage: 'certificate' });
    expect(numberless.statusCode).toBe(400);
    expect(numberless.json().error).toBe("Enter the registration number on CIPC's certificate");
    const year = saToday().slice(0, 4);
    state = await doStage('certificate', { registrationNumber: `${year}/512345/07` });
    expect(state.done.certificate!.registrationNumber).toBe(`${year}/512345/07`);
    const calendar = await call('GET', '/api/compliance', customer.cookie);
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(JSON.stringify(calendar.json())).toContain(`${year}/512345/07`);
    for (const stage of ['beneficial_ownership', 'income_tax'] as const) {
      state = await doStage(stage);
    }
    expect(state.stage).toBe('vat');
    state = await doStage('vat');
    expect(state).toMatchObject({ stage: null, completedAt: expect.any(String) });
    // Every stage dated and signed, the dates in the stages' order.
    const dates = state.stages.map((stage) => state.done[stage]!.at);
    expect(dates).toEqual([...dates].sort());
    expect(state.stages.every((stage) => state.done[stage]!.by === admin.admin.name)).toBe(true);

    // Complete: the customer's ID copies are deleted, the certificate stays.
    expect(state.files.map((f) => f.purpose)).toEqual(['certificate']);
    const late = await upload(
      `${url}?purpose=proof_of_address&filename=a.pdf`,
      customer.cookie,
      pdf,
    );
    expect(late.statusCode).toBe(409);

    const subjects = (await mailsTo(customer.email, reference)).map((m) => m.subject);
    expect(subjects).toEqual([
      `[${reference}] Your company registration has started`,
      `[${reference}] Name reservation: done`,
      `[${reference}] Registration lodged: done`,
      `[${reference}] Registration certificate ready`,
      `[${reference}] Registration certificate: done`,
      `[${reference}] Beneficial-ownership filing: done`,
      `[${reference}] SARS income tax number: done`,
      `[${reference}] VAT registration: done`,
    ]);

    const audit = await t.app.database.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'registration_case'), eq(auditLog.entityId, reference)));
    expect(audit.filter((a) => a.action === 'registration_case.stage_done')).toHaveLength(6);
    expect(audit.every((a) => a.actor === admin.email)).toBe(true);
    expect(
      await t.app.database.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.purpose, 'id_copy')),
    ).toHaveLength(0);
  });

  it('records a variant CIPC approved only when the team says it is one, and tells the customer', async () => {
    const customer = await signUp(t.app, { fullName: 'Lerato Dube' });
    const admin = await signInAdmin(t.app);
    await buyRegistration(customer.cookie, '7734004');
    const [mine] = (await call('GET', '/api/registrations', customer.cookie)).json<
      RegistrationSummary[]
    >();
    const base = `/api/admin/registrations/${mine!.reference}`;
    await call('PUT', `${base}/checklist`, admin.cookie, {
      stage: 'name_reservation',
      items: registrationChecklists.name_reservation,
    });
    const typo = await call('POST', `${base}/stages`, admin.cookie, {
      stage: 'name_reservation',
      approvedName: 'Ubuntu Bakerry',
    });
    expect(typo.statusCode).toBe(400);
    const blank = await call('POST', `${base}/stages`, admin.cookie, {
      stage: 'name_reservation',
      approvedName: ' ',
      approvedVariant: true,
    });
    expect(blank.statusCode).toBe(400);
    const variant = await call('POST', `${base}/stages`, admin.cookie, {
      stage: 'name_reservation',
      approvedName: '  Ubuntu   Bakery Gauteng ',
      approvedVariant: true,
    });
    expect(variant.statusCode, variant.body).toBe(200);
    expect(variant.json<AdminRegistrationCase>()).toMatchObject({
      approvedName: 'Ubuntu Bakery Gauteng',
      companyName: 'Ubuntu Bakery Gauteng',
      stage: 'lodged',
    });
    const mail = await latestMail(t.app, customer.email, 'Name reservation: done');
    expect(mail.text).toContain(
      'The approved name: Ubuntu Bakery Gauteng. CIPC approved it as a variant of the names you proposed.',
    );
    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, mine!.reference),
          eq(auditLog.action, 'registration_case.stage_done'),
        ),
      );
    expect(audit?.details).toMatchObject({
      approvedName: 'Ubuntu Bakery Gauteng',
      approvedVariant: true,
    });
  });

  it('is a 404 to every other customer, and the back office is closed to them', async () => {
    const owner = await signUp(t.app, { fullName: 'Thabo Mokoena' });
    const other = await signUp(t.app, { fullName: 'Sipho Nkosi' });
    await buyRegistration(owner.cookie, '7734002');
    const [mine] = (await call('GET', '/api/registrations', owner.cookie)).json<
      RegistrationSummary[]
    >();
    const base = `/api/registrations/${mine!.reference}`;
    expect((await call('GET', base, other.cookie)).statusCode).toBe(404);
    const theirs = await upload(`${base}/files?purpose=id_copy&filename=id.pdf`, other.cookie, pdf);
    expect(theirs.statusCode).toBe(404);
    expect((await call('GET', '/api/registrations', other.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/admin/registrations', owner.cookie)).statusCode).toBe(401);
  });

  it("is in the customer's export, and its documents go when the account is deleted", async () => {
    const customer = await signUp(t.app, { fullName: 'Lindiwe Mahlangu' });
    await buyRegistration(customer.cookie, '7734003');
    const [mine] = (await call('GET', '/api/registrations', customer.cookie)).json<
      RegistrationSummary[]
    >();
    const sent = await upload(
      `/api/registrations/${mine!.reference}/files?purpose=proof_of_address&filename=bill.pdf`,
      customer.cookie,
      pdf,
    );
    expect(sent.statusCode).toBe(201);
    const exported = (await call('GET', '/api/user/export', customer.cookie)).json<{
      companyRegistrations: { reference: string; proposedNames: string[] }[];
    }>();
    expect(exported.companyRegistrations).toEqual([
      expect.objectContaining({
        reference: mine!.reference,
        proposedNames: details.names.slice(0, 3),
      }),
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: customer.cookie, origin },
      payload: { password: customer.password },
    });
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select()
      .from(registrationCases)
      .where(eq(registrationCases.reference, mine!.reference));
    expect(row).toMatchObject({
      name: 'Deleted customer',
      email: expect.stringMatching(/\.invalid$/),
    });
    expect(
      await t.app.database.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.registrationCaseId, row!.id)),
    ).toEqual([]);
  });
});
