import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, serviceRequests, websiteProjects } from '#db/schema/index.ts';
import { projectStages } from '#shared/projects.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { openWebsiteProject } from '../requests/requests.service.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';

let t: TestApp;
const office = 'projects-office@example.co.za';

beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: office });
});
afterAll(async () => {
  await t.close();
});

const call = injectCaller(() => t.app);

/** A paid website package, as the payment's fulfilment opens it. */
async function paidProjectFor(customer: Awaited<ReturnType<typeof signUp>>) {
  await t.app.database.db.transaction((tx) =>
    openWebsiteProject(
      tx,
      {
        userId: customer.user.id,
        packageId: 'website-business',
        name: customer.user.fullName,
        email: customer.email,
        message: 'Paid order O-TEST: Ready-made website: Business',
      },
      t.app.config,
      'Ready-made website: Business',
    ),
  );
  const list = await call('GET', '/api/projects', { cookie: customer.cookie });
  expect(list.statusCode).toBe(200);
  return list.json<{ reference: string; stage: string }[]>()[0]!;
}

const stageMails = async (email: string, reference: string) =>
  t.app.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `[${reference}] Your website%`)));

describe('website projects', () => {
  it('moves a paid package through every stage, e-mailing each one; the customer approves at review', async () => {
    const customer = await signUp(t.app, { fullName: 'Lerato Dlamini' });
    const admin = await signInAdmin(t.app);
    const summary = await paidProjectFor(customer);
    expect(summary).toMatchObject({
      reference: expect.stringMatching(/^P-[A-Z0-9]{6}$/),
      title: 'Ready-made website: Business',
      stage: 'brief',
      contentDone: 0,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const { reference } = summary;
    const first = await latestMail(
      t.app,
      customer.email,
      `[${reference}] Your website project: Brief`,
    );
    expect(first.text).toContain(`/user/projects/${reference}`);

    // The content checklist.
    const content = await call('PUT', `/api/projects/${reference}/content`, {
      cookie: customer.cookie,
      payload: { logo: 'https://drive.example.co.za/logo.svg', domain: 'dlamini.co.za' },
    });
    expect(content.statusCode).toBe(200);
    expect(content.json()).toMatchObject({
      contentDone: 2,
      content: {
        logo: 'https://drive.example.co.za/logo.svg',
        domain: 'dlamini.co.za',
        photos: '',
      },
    });

    // Approval before review is refused.
    const early = await call('POST', `/api/projects/${reference}/approval`, {
      cookie: customer.cookie,
    });
    expect(early.statusCode).toBe(409);

    // A due date set by the back office.
    const due = await call('PATCH', `/api/admin/projects/${reference}`, {
      cookie: admin.cookie,
      payload: { dueDates: { design: '2030-01-15' } },
    });
    expect(due.statusCode).toBe(200);
    expect(due.json().dueDates.design).toBe('2030-01-15');

    for (const stage of ['design', 'build', 'review'] as const) {
      const moved = await call('PATCH', `/api/admin/projects/${reference}`, {
        cookie: admin.cookie,
        payload: { stage },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().stage).toBe(stage);
    }
    const designMail = await latestMail(
      t.app,
      customer.email,
      `[${reference}] Your website project: Design`,
    );
    expect(designMail.text).toContain('2030');

    const approved = await call('POST', `/api/projects/${reference}/approval`, {
      cookie: customer.cookie,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ stage: 'launch', approvedAt: expect.any(String) });
    await latestMail(t.app, office, `[${reference}] Lerato Dlamini approved the website`);

    const live = await call('PATCH', `/api/admin/projects/${reference}`, {
      cookie: admin.cookie,
      payload: { stage: 'live' },
    });
    expect(live.json().stage).toBe('live');

    const subjects = (await stageMails(customer.email, reference)).map((m) => m.subject).sort();
    expect(subjects).toEqual(
      projectStages
        .map(
          (stage) =>
            `[${reference}] Your website project: ${stage[0]!.toUpperCase()}${stage.slice(1)}`,
        )
        .sort(),
    );

    const audits = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, reference));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'website_project.due_dates_set',
      'website_project.stage_changed',
      'website_project.stage_changed',
      'website_project.stage_changed',
      'website_project.stage_changed',
    ]);

    const board = await call('GET', '/api/admin/projects', { cookie: admin.cookie });
    expect(board.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ reference, stage: 'live' })]),
    );
  });

  it('carries comments both ways, each e-mailed to the other side', async () => {
    const customer = await signUp(t.app, { fullName: 'Sipho Khumalo' });
    const admin = await signInAdmin(t.app);
    const { reference } = await paidProjectFor(customer);

    const mine = await call('POST', `/api/projects/${reference}/comments`, {
      cookie: customer.cookie,
      payload: { message: 'Please use our green from the shop sign.' },
    });
    expect(mine.statusCode).toBe(201);
    await latestMail(t.app, office, `[${reference}] Sipho Khumalo commented`);

    const theirs = await call('POST', `/api/admin/projects/${reference}/comments`, {
      cookie: admin.cookie,
      payload: { message: 'Noted: a photo of the sign would help.' },
    });
    expect(theirs.statusCode).toBe(201);
    const mail = await latestMail(t.app, customer.email, `[${reference}] New comment`);
    expect(mail.text).toContain('a photo of the sign would help');

    const seen = await call('GET', `/api/projects/${reference}`, { cookie: customer.cookie });
    expect(seen.json().comments).toMatchObject([
      { author: 'customer', authorName: 'Sipho Khumalo' },
      { author: 'staff', body: 'Noted: a photo of the sign would help.' },
    ]);
    const invalid = await call('POST', `/api/projects/${reference}/comments`, {
      cookie: customer.cookie,
      payload: { message: '' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it("never shows another customer's project: 404 to read, fill in, comment or approve", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { reference } = await paidProjectFor(owner);
    const cookie = other.cookie;
    expect((await call('GET', `/api/projects/${reference}`, { cookie })).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/projects/${reference}/content`, { cookie, payload: { logo: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/projects/${reference}/comments`, {
          cookie,
          payload: { message: 'Let me in' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/projects/${reference}/approval`, { cookie })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/projects', { cookie })).json()).toEqual([]);
    expect((await call('GET', `/api/projects/${reference}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/projects', { cookie })).statusCode).toBe(401);
  });

  it('a website request the back office marks won becomes a project, once', async () => {
    const customer = await signUp(t.app, { fullName: 'Naledi Mokoena' });
    const admin = await signInAdmin(t.app);
    const created = await call('POST', '/api/service-requests', {
      cookie: customer.cookie,
      payload: {
        serviceType: 'website_development',
        name: 'Naledi Mokoena',
        email: customer.email,
        company: 'Mokoena Catering',
        message: 'A website for our catering company with a menu and a booking form.',
      },
    });
    expect(created.statusCode).toBe(201);
    const [request] = await t.app.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.reference, created.json().reference));
    for (const payload of [
      { status: 'contacted' },
      { status: 'quoted', quote: 9999 },
      { status: 'won' },
      { status: 'won' },
    ]) {
      const moved = await call('PATCH', `/api/admin/service-requests/${request!.id}`, {
        cookie: admin.cookie,
        payload,
      });
      expect(moved.statusCode).toBe(200);
    }
    const projects = await t.app.database.db
      .select()
      .from(websiteProjects)
      .where(eq(websiteProjects.serviceRequestId, request!.id));
    expect(projects).toHaveLength(1);
    expect(projects[0]).toMatchObject({ title: 'Website for Mokoena Catering', stage: 'brief' });
    const detail = await call('GET', `/api/admin/projects/${projects[0]!.reference}`, {
      cookie: admin.cookie,
    });
    expect(detail.json()).toMatchObject({ serviceRequestReference: request!.reference });
  });
});
