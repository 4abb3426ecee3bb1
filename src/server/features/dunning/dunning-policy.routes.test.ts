import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#db/schema/index.ts';
import type { DunningPolicy } from '#shared/dunning.schemas.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { planSteps } from './dunning-cases.service.ts';
import { dunningPolicy } from './dunning-policy.service.ts';

/** The owners' dunning policy: defaults, an audited change, the order of its days enforced. */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signInAdmin(t.app)).cookie;
});
afterAll(() => t.close());

const put = (kind: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/dunning/policies/${kind}`,
    headers: { cookie: owner },
    payload,
  });

describe('the dunning policy', () => {
  it('starts from the defaults of each kind of service', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dunning/policies',
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: DunningPolicy[] }>().items).toEqual([
      expect.objectContaining({
        kind: 'monthly',
        retryDays: [7, 3],
        suspendDays: 14,
        updatedBy: null,
      }),
      expect.objectContaining({
        kind: 'domain',
        reminderDays: [3],
        cancelDays: 30,
        updatedBy: null,
      }),
      expect.objectContaining({
        kind: 'yearly',
        reminderDays: [14, 3],
        suspendDays: 21,
        cancelDays: 60,
        updatedBy: null,
      }),
    ]);
  });

  it('saves an owner’s policy, audited with what it was; new cases follow it', async () => {
    const response = await put('domain', {
      reminderDays: [3, 14, 3],
      retryDays: [1, 4],
      graceDays: 6,
      suspendDays: 8,
      cancelDays: 40,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'domain',
      reminderDays: [14, 3],
      retryDays: [4, 1],
      graceDays: 6,
    });
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dunning.policy'), eq(auditLog.entityId, 'domain')));
    expect(entry!.details).toMatchObject({
      before: { reminderDays: [3], cancelDays: 30 },
      after: { reminderDays: [14, 3], cancelDays: 40 },
    });
    const policy = await dunningPolicy(t.app.database.db, 'domain');
    const due = new Date('2027-03-01T00:00:00Z');
    const steps = planSteps(policy, due, new Date('2027-02-20T00:00:00Z'));
    // The 14-day reminder is already past when the case opens 9 days before: it is left out.
    expect(steps.map((s) => [s.step, s.dueAt.slice(0, 10)])).toEqual([
      ['reminder-3', '2027-02-26'],
      ['retry-1', '2027-03-02'],
      ['retry-4', '2027-03-05'],
      ['final-notice', '2027-03-07'],
      ['suspend', '2027-03-09'],
      ['cancel', '2027-04-10'],
    ]);
  });

  it('refuses days out of order, with the reason', async () => {
    const base = {
      reminderDays: [],
      retryDays: [3],
      graceDays: 10,
      suspendDays: 14,
      cancelDays: 45,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, suspendDays: 5 }, 'Suspension comes on or after the final notice'],
      [{ ...base, cancelDays: 14 }, 'Cancellation comes after suspension'],
      [{ ...base, retryDays: [12] }, 'Retry reminders go before the final notice'],
    ];
    for (const [payload, message] of cases) {
      const response = await put('monthly', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect((await put('weekly', base)).statusCode).toBe(400);
  });
});
