import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema/index.ts';
import { annualReturn } from '#shared/compliance-calendar.ts';
import type { ComplianceCalendar } from '#shared/compliance.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { controlledClock } from '../../../../tests/helpers/clock.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { followRegisteredCompany } from './compliance.service.ts';

let t: TestApp;
let clock: ReturnType<typeof controlledClock>;
beforeAll(async () => {
  t = await createTestApp();
  // Monday 4 January 2027, 08:00 in South Africa.
  clock = controlledClock(t.app, new Date('2027-01-04T06:00:00Z'));
});
afterAll(async () => {
  clock.stop();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const leapCompany = {
  name: 'Nkosi Trading (Pty) Ltd',
  registrationNumber: '2024/123456/07',
  registeredOn: '2024-02-29',
  yearEndMonth: 2,
};

const mailsAbout = async (to: string, subject: string) =>
  t.app.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)));

describe('the compliance calendar', () => {
  it('adds a company by its number, lists its dates, marks one done, dates a BO update', async () => {
    const me = await signUp(t.app);
    const empty = await call('GET', '/api/compliance', me.cookie);
    expect(empty.json()).toEqual({ companies: [], next: [] });

    const badNumber = await call('POST', '/api/compliance/companies', me.cookie, {
      ...leapCompany,
      registrationNumber: '2024/12345/07',
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json<{ error: string }>().error).toContain('YYYY/NNNNNN/NN');

    const added = await call('POST', '/api/compliance/companies', me.cookie, leapCompany);
    expect(added.statusCode).toBe(201);
    const again = await call('POST', '/api/compliance/companies', me.cookie, leapCompany);
    expect(again.statusCode).toBe(409);

    const calendar = added.json<ComplianceCalendar>();
    const [company] = calendar.companies;
    // 28 February 2027 is a Sunday: the second IRP6 payment moves to Friday 26 February.
    expect(calendar.next[0]).toMatchObject({
      key: 'provisional-tax:2027:2',
      dueOn: '2027-02-26',
      companyName: leapCompany.name,
    });
    expect(company!.items.find((item) => item.key === 'annual-return:2027')).toMatchObject({
      opensOn: '2027-02-28',
      dueOn: annualReturn('2024-02-29', 2027).dueOn,
    });

    const done = await call(
      'PUT',
      `/api/compliance/companies/${company!.id}/items/provisional-tax:2027:2/done`,
      me.cookie,
      { done: true },
    );
    expect(done.statusCode).toBe(200);
    const after = done.json<ComplianceCalendar>();
    expect(after.companies[0]!.items.find((i) => i.key === 'provisional-tax:2027:2')!.done).toBe(
      true,
    );
    expect(after.next.map((item) => item.key)).not.toContain('provisional-tax:2027:2');

    const unknownItem = await call(
      'PUT',
      `/api/compliance/companies/${company!.id}/items/annual-return:1999/done`,
      me.cookie,
      { done: true },
    );
    expect(unknownItem.statusCode).toBe(404);

    // A change of directors on Monday 4 January: 10 business days later is 18 January.
    const changed = await call(
      'POST',
      `/api/compliance/companies/${company!.id}/ownership-changes`,
      me.cookie,
      { changedOn: '2027-01-04', note: 'New director' },
    );
    expect(changed.statusCode).toBe(201);
    expect(changed.json<ComplianceCalendar>().next[0]).toMatchObject({
      kind: 'beneficial-ownership',
      dueOn: '2027-01-18',
    });

    // Somebody else's company is not found.
    const other = await signUp(t.app);
    const theirs = await call(
      'PUT',
      `/api/compliance/companies/${company!.id}/items/annual-return:2027/done`,
      other.cookie,
      { done: true },
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('mails each reminder once, 30 and 7 days before, on the controlled clock', async () => {
    const me = await signUp(t.app);
    // The hook the registration service calls once CIPC has registered a company.
    await followRegisteredCompany(t.app.database.db, {
      userId: me.user.id,
      name: 'Dlamini Foods (Pty) Ltd',
      registrationNumber: '2024/654321/07',
      registeredOn: '2024-02-29',
    });
    await followRegisteredCompany(t.app.database.db, {
      userId: me.user.id,
      name: 'Dlamini Foods (Pty) Ltd',
      registrationNumber: '2024/654321/07',
      registeredOn: '2024-02-29',
    });
    const calendar = (await call('GET', '/api/compliance', me.cookie)).json<ComplianceCalendar>();
    expect(calendar.companies).toHaveLength(1);

    const dueOn = annualReturn('2024-02-29', 2027).dueOn;
    const daysBefore = (days: number) =>
      new Date(Date.parse(`${dueOn}T06:00:00Z`) - days * 86_400_000);
    const subject = 'Dlamini Foods (Pty) Ltd: CIPC annual return 2027';

    await clock.moveTo(daysBefore(31));
    expect(await mailsAbout(me.email, subject)).toHaveLength(0);
    await clock.moveTo(daysBefore(30));
    const [first] = await mailsAbout(me.email, subject);
    expect(first!.text).toContain('in 30 days');
    expect(first!.text).toContain('within 30 business days');
    await clock.moveTo(daysBefore(29));
    expect(await mailsAbout(me.email, subject)).toHaveLength(1);
    await clock.moveTo(daysBefore(7));
    const mails = await mailsAbout(me.email, subject);
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => mail.text.includes('in 7 days'))).toBe(true);
    await clock.moveTo(daysBefore(6));
    expect(await mailsAbout(me.email, subject)).toHaveLength(2);
  });

  it("sells the filing for one of the customer's own companies, its line naming the company", async () => {
    const me = await signUp(t.app);
    const added = await call('POST', '/api/compliance/companies', me.cookie, {
      ...leapCompany,
      registrationNumber: '2024/111222/07',
    });
    const [company] = added.json<ComplianceCalendar>().companies;
    const line = { type: 'compliance-filing', companyId: company!.id };

    const ordered = await call('POST', '/api/orders', me.cookie, { items: [line] });
    expect(ordered.statusCode).toBe(201);
    expect(ordered.body).toContain(
      'CIPC annual return filing: Nkosi Trading (Pty) Ltd (2024/111222/07)',
    );
    expect(ordered.json()).toMatchObject({ total: 499 });

    const stranger = await signUp(t.app);
    const refused = await call('POST', '/api/orders', stranger.cookie, { items: [line] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(
      'That company is not on your compliance calendar',
    );
  });
});
