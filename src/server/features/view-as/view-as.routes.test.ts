import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users, viewAsSessions } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { hashToken } from '../../lib/secure-token.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signInAdmin>>;
let customer: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAdmin(t.app);
  customer = await signUp(t.app, { fullName: 'Zanele Mthembu' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });

/** Starts a view of `userId` as `admin`: the cookie header of the admin session with the view. */
async function viewAs(admin: { cookie: string }, userId = customer.user.id) {
  const started = await call('POST', `/api/admin/customers/${userId}/view-as`, admin.cookie);
  expect(started.statusCode, started.body).toBe(201);
  expect(started.json()).toEqual({ path: '/user/dashboard' });
  const view = started.cookies.find((c) => c.name === 'view_as_sid')!;
  expect(view).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(started.cookies.find((c) => c.name === 'viewing_as')).toMatchObject({ value: '1' });
  return `${admin.cookie}; view_as_sid=${view.value}`;
}

describe('view as customer', () => {
  it('opens the customer area as the customer, with who is looking', async () => {
    const both = await viewAs(owner);
    const user = await call('GET', '/api/user', both);
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json()).toMatchObject({
      id: customer.user.id,
      fullName: 'Zanele Mthembu',
      viewedBy: { name: owner.admin.name },
    });
    const profile = await call('GET', '/api/user/profile', both);
    expect(profile.json()).toMatchObject({ email: customer.email });
    // The customer's own session says nothing of views.
    expect((await call('GET', '/api/user', customer.cookie)).json().viewedBy).toBeUndefined();
  });

  it('is read-only: every write answers 403 and changes nothing; back-office work goes on', async () => {
    const both = await viewAs(owner);
    const writes: [Method, string, object][] = [
      ['PATCH', '/api/user/profile', { fullName: 'Someone Else' }],
      ['POST', '/api/user/change-password', {}],
      ['POST', '/api/logout', {}],
      ['POST', '/api/contact', {}],
      ['DELETE', '/api/user', {}],
      ['POST', '/api/no-such-route', {}],
    ];
    for (const [method, url, payload] of writes) {
      const response = await call(method, url, both, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe(
        'You are viewing Zanele Mthembu’s account read-only: nothing can be changed here. Exit the view to go back to the back office.',
      );
    }
    const [row] = await t.app.database.db
      .select({ fullName: users.fullName, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, customer.user.id));
    expect(row).toEqual({ fullName: 'Zanele Mthembu', deletedAt: null });
    // The view survived the refused sign-out; the back office answers to the admin session.
    expect((await call('GET', '/api/user', both)).statusCode).toBe(200);
    const note = await call('POST', `/api/admin/customers/${customer.user.id}/notes`, both, {
      body: 'Looked at her dashboard with her on the phone',
    });
    expect(note.statusCode, note.body).toBe(201);
  });

  it('shows records as the customer sees them, not as the back office does', async () => {
    const other = await signUp(t.app);
    await t.app.database.db.insert(orders).values({
      reference: 'SO-VIEWAS',
      userId: other.user.id,
      subtotalCents: 8_696,
      vatCents: 1_304,
      totalCents: 10_000,
    });
    expect((await call('GET', '/api/orders/SO-VIEWAS', owner.cookie)).statusCode).toBe(200);
    const both = await viewAs(owner);
    expect((await call('GET', '/api/orders/SO-VIEWAS', both)).statusCode).toBe(404);
  });

  it('never reaches further than its administrator session: alone its cookie opens nothing', async () => {
    const both = await viewAs(owner);
    const viewOnly = both.split('; ')[1]!;
    const user = await call('GET', '/api/user', viewOnly);
    expect(user.statusCode).toBe(401);
    expect(user.cookies.find((c) => c.name === 'view_as_sid')?.value).toBe('');
    expect((await call('GET', '/api/admin/customers', viewOnly)).statusCode).toBe(401);
    // Another administrator's session does not carry it either.
    const other = await signInAdmin(t.app);
    expect((await call('GET', '/api/user', `${other.cookie}; ${viewOnly}`)).statusCode).toBe(401);
  });

  it('is audited on the customer page, and the customer sees each view in their account', async () => {
    const viewer = await signInAdmin(t.app);
    await viewAs(viewer);
    const page = await call('GET', `/api/admin/customers/${customer.user.id}`, owner.cookie);
    expect(page.json().audit).toContainEqual(
      expect.objectContaining({ actor: viewer.email, action: 'customer.viewed_as' }),
    );
    const views = await call('GET', '/api/user/team-views', customer.cookie);
    expect(views.statusCode).toBe(200);
    expect(views.json().views[0]).toEqual({ at: expect.any(String), by: viewer.admin.name });
    expect(views.json().views.map((v: { by: string }) => v.by)).toContain(owner.admin.name);
    // Nobody else's record: another customer has none.
    const other = await signUp(t.app);
    expect((await call('GET', '/api/user/team-views', other.cookie)).json()).toEqual({ views: [] });
  });

  it('ends with Exit, back to the customer, and with the administrator signing out', async () => {
    const both = await viewAs(owner);
    const exit = await call('DELETE', '/api/admin/view-as', both);
    expect(exit.statusCode, exit.body).toBe(200);
    expect(exit.json()).toEqual({ customerId: customer.user.id });
    expect(exit.cookies.find((c) => c.name === 'view_as_sid')?.value).toBe('');
    expect((await call('GET', '/api/user', both)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/admin/view-as', owner.cookie)).json()).toEqual({
      customerId: null,
    });

    const admin = await signInAdmin(t.app);
    const again = await viewAs(admin);
    const viewId = hashToken(again.split('view_as_sid=')[1]!);
    const ofThisView = () =>
      t.app.database.db.select().from(viewAsSessions).where(eq(viewAsSessions.id, viewId));
    const [view] = await ofThisView();
    expect(view!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const logout = await call('POST', '/api/admin/logout', again);
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'view_as_sid')?.value).toBe('');
    expect((await call('GET', '/api/user', again)).statusCode).toBe(401);
    expect(await ofThisView()).toEqual([]);
  });

  it('is refused to staff until an owner grants the permission, and for a deleted or unknown account', async () => {
    const staff = await signInAdmin(t.app, { role: 'staff' });
    const refused = await call(
      'POST',
      `/api/admin/customers/${customer.user.id}/view-as`,
      staff.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'Viewing the site as a customer needs an owner of the business, or their permission',
    );
    expect(refused.cookies.find((c) => c.name === 'view_as_sid')).toBeUndefined();

    const granted = await call(
      'PATCH',
      `/api/admin/administrators/${staff.admin.id}`,
      owner.cookie,
      {
        permissions: ['view_as_customer'],
      },
    );
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ role: 'staff', permissions: ['view_as_customer'] });
    const audit = await call(
      'GET',
      '/api/admin/audit-log?action=admin.permissions_changed',
      owner.cookie,
    );
    expect(audit.json().entries[0]).toMatchObject({
      entityId: staff.admin.id,
      details: { from: [], to: ['view_as_customer'] },
    });
    const status = await call('GET', '/api/admin/auth-status', staff.cookie);
    expect(status.json().admin.permissions).toEqual(['view_as_customer']);
    await viewAs(staff);

    const gone = await signUp(t.app);
    await t.app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, gone.user.id));
    const deleted = await call(
      'POST',
      `/api/admin/customers/${gone.user.id}/view-as`,
      owner.cookie,
    );
    expect(deleted.statusCode).toBe(409);
    const unknown = await call(
      'POST',
      '/api/admin/customers/00000000-0000-4000-8000-000000000000/view-as',
      owner.cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
