import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, supportCannedReplies } from '#db/schema/index.ts';
import type { CannedReply } from '#shared/canned-replies.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAdmin(t.app, { role: 'staff' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object } = {},
) =>
  t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

async function create(payload: object): Promise<CannedReply> {
  const response = await call('POST', '/api/admin/canned-replies', {
    cookie: staff.cookie,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CannedReply>();
}

const auditsOf = (id: string) =>
  t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('canned replies', () => {
  it('are created, changed and deleted by staff, each change audited', async () => {
    const created = await create({
      title: '  Password reset  ',
      body: 'Hi {customer_first_name}, use "Forgot password" on the sign-in page. {staff_name}',
      departmentId: 'support',
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Password reset',
      departmentId: 'support',
    });

    const changed = await call('PATCH', `/api/admin/canned-replies/${created.id}`, {
      cookie: staff.cookie,
      payload: { title: 'Resetting a password', departmentId: '' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // What was not sent is kept; the form's empty department means every department.
    expect(changed.json()).toMatchObject({
      title: 'Resetting a password',
      body: created.body,
      departmentId: null,
    });
    expect(Date.parse(changed.json().updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt),
    );

    const deleted = await call('DELETE', `/api/admin/canned-replies/${created.id}`, {
      cookie: staff.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id, title: 'Resetting a password' });
    const left = await t.app.database.db
      .select()
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.id, created.id));
    expect(left).toEqual([]);

    const audits = await auditsOf(created.id);
    expect(audits.map((a) => [a.action, a.actor, a.entityType])).toEqual([
      ['canned_reply.created', staff.email, 'support_canned_reply'],
      ['canned_reply.updated', staff.email, 'support_canned_reply'],
      ['canned_reply.deleted', staff.email, 'support_canned_reply'],
    ]);
    expect(audits[1]!.details).toMatchObject({ changed: ['title', 'departmentId'] });
    // The deleted text stays in the audit log.
    expect(audits[2]!.details).toMatchObject({ body: created.body });
  });

  it("lists by title, with the ticket's department's replies first", async () => {
    const prefix = `List ${Date.now()}`;
    const made = await Promise.all([
      create({ title: `${prefix} b general`, body: 'For anyone.' }),
      create({ title: `${prefix} a sales`, body: 'A quote follows.', departmentId: 'sales' }),
      create({ title: `${prefix} c billing`, body: 'Your invoice.', departmentId: 'billing' }),
      create({ title: `${prefix} d billing`, body: 'Your refund.', departmentId: 'billing' }),
    ]);
    expect(made).toHaveLength(4);
    const titles = async (query: string) => {
      const response = await call('GET', `/api/admin/canned-replies${query}`, {
        cookie: staff.cookie,
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<CannedReply[]>()
        .map((reply) => reply.title)
        .filter((title) => title.startsWith(prefix))
        .map((title) => title.slice(prefix.length + 1));
    };
    expect(await titles('')).toEqual(['a sales', 'b general', 'c billing', 'd billing']);
    expect(await titles('?department=billing')).toEqual([
      'c billing',
      'd billing',
      'a sales',
      'b general',
    ]);
    const bad = await call('GET', '/api/admin/canned-replies?department=legal', {
      cookie: staff.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a placeholder it does not know, naming it, and other bad input', async () => {
    const response = await call('POST', '/api/admin/canned-replies', {
      cookie: staff.cookie,
      payload: { title: 'Typo', body: 'Dear {customer_name}, about {ticket_ref} and {foo}.' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; issues: { path: string; message: string }[] }>();
    expect(body.error).toContain('Unknown placeholders {ticket_ref} and {foo}: use');
    expect(body.error).toContain('{customer_first_name}');
    expect(body.issues).toEqual([
      {
        path: 'body',
        message: expect.stringMatching(/^Unknown placeholders \{ticket_ref\} and \{foo\}: use /),
      },
    ]);

    const short = await call('POST', '/api/admin/canned-replies', {
      cookie: staff.cookie,
      payload: { title: 'x', body: 'y'.repeat(5001), departmentId: 'legal' },
    });
    expect(short.statusCode).toBe(400);
    expect(
      short
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body', 'departmentId', 'title']);

    const existing = await create({ title: 'Renewal', body: 'Your {ticket_subject} renews.' });
    const patch = await call('PATCH', `/api/admin/canned-replies/${existing.id}`, {
      cookie: staff.cookie,
      payload: { body: 'Hi {first_name}' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toContain('Unknown placeholder {first_name}: use');
    const empty = await call('PATCH', `/api/admin/canned-replies/${existing.id}`, {
      cookie: staff.cookie,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    // Nothing refused was written.
    expect((await auditsOf(existing.id)).map((a) => a.action)).toEqual(['canned_reply.created']);
  });

  it('answers 404 for a reply that does not exist', async () => {
    const patch = await call('PATCH', `/api/admin/canned-replies/${unknownId}`, {
      cookie: staff.cookie,
      payload: { title: 'Anything' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error).toBe('That canned reply does not exist');
    const gone = await call('DELETE', `/api/admin/canned-replies/${unknownId}`, {
      cookie: staff.cookie,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('is for administrators only: a customer or nobody gets 401', async () => {
    const customer = await signUp(t.app);
    const existing = await create({ title: 'Kept', body: 'Still here.' });
    for (const cookie of [customer.cookie, undefined]) {
      const options = cookie ? { cookie } : {};
      expect((await call('GET', '/api/admin/canned-replies', options)).statusCode).toBe(401);
      const post = await call('POST', '/api/admin/canned-replies', {
        ...options,
        payload: { title: 'Sneaky', body: 'Not allowed' },
      });
      expect(post.statusCode).toBe(401);
      const patch = await call('PATCH', `/api/admin/canned-replies/${existing.id}`, {
        ...options,
        payload: { title: 'Sneaky' },
      });
      expect(patch.statusCode).toBe(401);
      const del = await call('DELETE', `/api/admin/canned-replies/${existing.id}`, options);
      expect(del.statusCode).toBe(401);
    }
    const [row] = await t.app.database.db
      .select()
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.id, existing.id));
    expect(row?.title).toBe('Kept');
  });
});
