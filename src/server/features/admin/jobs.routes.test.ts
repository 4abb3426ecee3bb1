import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the back office job list', () => {
  it('lists failed jobs, tries one again (audited) and refuses a second retry', async () => {
    const mailId = crypto.randomUUID();
    const [parked] = await t.app.database.db
      .insert(jobs)
      .values({
        name: 'send-mail',
        payload: { mailId },
        status: 'failed',
        attempts: 5,
        maxAttempts: 5,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      })
      .returning();
    const { cookie } = await signInAdmin(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs?status=failed',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(list.json().items[0]).toMatchObject({
      id: parked!.id,
      name: 'send-mail',
      payload: { mailId },
      status: 'failed',
      attempts: 5,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${parked!.id}/retry`,
      headers: { cookie },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'queued', attempts: 0 });
    await t.app.jobs.drain();
    const [after] = await t.app.database.db.select().from(jobs).where(eq(jobs.id, parked!.id));
    // The mail no longer exists, so the job has nothing to send and is done.
    expect(after).toMatchObject({ status: 'done', attempts: 1 });
    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'job.retry'));
    expect(audit).toMatchObject({ entityType: 'job', entityId: `send-mail #${parked!.id}` });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${parked!.id}/retry`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Only a failed job can be tried again',
      code: 'CONFLICT',
    });
  });

  it('answers 400 to an unknown status and 401 to a customer', async () => {
    const { cookie } = await signInAdmin(t.app);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs?status=lost',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Status must be queued, running, done or failed');
    const customer = await signUp(t.app);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: { cookie: customer.cookie },
    });
    expect(refused.statusCode).toBe(401);
  });
});
