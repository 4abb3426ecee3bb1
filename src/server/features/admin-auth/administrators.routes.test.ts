import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#db/schema/index.ts';
import { deliveredToken, latestMail, sessionCookie } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { routeNames } from '../../plugins/route-schemas.ts';
import { openAdminPaths } from './admin-auth.routes.ts';
import { totpFor } from './two-factor.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t.close());

const call = (method: string, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, payload, headers: cookie ? { cookie } : {} });

const login = (email: string, password: string, code?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password, code } });

const audited = async (action: string, entityId: string) =>
  (
    await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
  ).length;

/** Sets up an authenticator for the signed-in administrator; the secret and recovery codes. */
async function enrol(cookie: string) {
  const setup = await call('POST', '/api/admin/two-factor/setup', cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json<{
    secret: string;
    otpauthUri: string;
    qrSvg: string;
  }>();
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const code = totpFor(secret).generate();
  const confirmed = await call('POST', '/api/admin/two-factor/confirm', cookie, { code });
  expect(confirmed.statusCode).toBe(200);
  return {
    secret,
    code,
    recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes,
  };
}

describe('second factor (TOTP)', () => {
  it('enrols with a code computed from the secret, then asks for a code at every sign-in', async () => {
    const { admin, email, password, cookie } = await signInAdmin(t.app);
    const wrong = await call('POST', '/api/admin/two-factor/setup', cookie);
    const badCode = await call('POST', '/api/admin/two-factor/confirm', cookie, {
      code:
        totpFor(wrong.json<{ secret: string }>().secret).generate() === '123456'
          ? '654321'
          : '123456',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toMatch(/does not match/);

    const { secret, code, recoveryCodes } = await enrol(cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await audited('admin.two_factor_enabled', admin.id)).toBe(1);
    expect((await call('GET', '/api/admin/two-factor', cookie)).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expect((await call('POST', '/api/admin/two-factor/setup', cookie)).statusCode).toBe(409);

    const noCode = await login(email, password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ success: false, code: 'TWO_FACTOR_REQUIRED' });
    expect(noCode.headers['set-cookie']).toBeUndefined();

    // The code that confirmed the app is spent: it cannot sign in again.
    const replay = await login(email, password, code);
    expect(replay.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });

    const next = totpFor(secret).generate({ timestamp: Date.now() + 30_000 });
    const signedIn = await login(email, password, next);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().admin).toMatchObject({ twoFactorEnabled: true, role: 'owner' });

    // A recovery code works once, typed in any case and with or without its dash.
    const recovery = recoveryCodes[0]!.toUpperCase().replace('-', ' ');
    expect((await login(email, password, recovery)).statusCode).toBe(200);
    expect((await login(email, password, recoveryCodes[0])).statusCode).toBe(401);
    expect(await audited('admin.recovery_code_used', admin.id)).toBe(1);
  });

  it('with ADMIN_REQUIRE_2FA, holds a new administrator at enrolment until a code is confirmed', async () => {
    const strict = await createTestApp({ ADMIN_REQUIRE_2FA: 'true' });
    try {
      const { cookie } = await signInAdmin(strict.app);
      const ask = (url: string, method = 'GET', payload?: object) =>
        strict.app.inject({ method: method as 'GET', url, payload, headers: { cookie } });
      const status = await ask('/api/admin/auth-status');
      expect(status.json().admin).toMatchObject({ mustEnrolTwoFactor: true });
      const held = await ask('/api/admin/dashboard');
      expect(held.statusCode).toBe(403);
      expect(held.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      expect((await ask('/api/admin/two-factor')).json()).toMatchObject({ required: true });

      const { secret } = (await ask('/api/admin/two-factor/setup', 'POST')).json<{
        secret: string;
      }>();
      const confirmed = await ask('/api/admin/two-factor/confirm', 'POST', {
        code: totpFor(secret).generate(),
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await ask('/api/admin/dashboard')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('roles', () => {
  const guardedRoutes = () =>
    routeNames(t.app)
      .filter((route) => route.includes(' /api/admin/'))
      .filter((route) => !openAdminPaths.includes(route.split(' ')[1]!))
      .map((route) =>
        route.replace(/:(id|reference|tld)\b/g, '00000000-0000-4000-8000-000000000000'),
      );

  /** What only owners may do: administrators, refunds, the catalogue, the reports and the data. */
  const ownerOnly = [
    /^GET \/api\/admin\/administrators$/,
    /^(POST|PATCH|DELETE) \/api\/admin\/administrators\//,
    /^PATCH \/api\/admin\/administrators\/[^/]+$/,
    /^POST \/api\/admin\/payments\/[^/]+\/refunds$/,
    /^GET \/api\/admin\/reconciliation$/,
    /^GET \/api\/admin\/audit-log$/,
    /^GET \/api\/admin\/profit-analytics/,
    /^GET \/api\/admin\/reports\//,
    /^GET \/api\/admin\/database\//,
    /^PATCH \/api\/admin\/tlds\//,
    /^(GET|POST|PUT|PATCH|DELETE) \/api\/admin\/catalogue/,
    /^(GET|POST) \/api\/admin\/(bank-transfers|bank-statements|credit|customers\/[^/]+\/credit)/,
    /^(GET|POST) \/api\/admin\/backups/,
    /^(POST|PUT) \/api\/admin\/coupons/,
    /^(GET|PUT) \/api\/admin\/dunning\//,
    /^(GET|POST|PUT|DELETE) \/api\/admin\/mail-(templates|layout)/,
  ];
  const isOwnerOnly = (route: string) => ownerOnly.some((pattern) => pattern.test(route));

  it('refuses staff every owner route (403) before reading the request', async () => {
    const { cookie } = await signInAdmin(t.app, { role: 'staff' });
    const owned = guardedRoutes().filter(isOwnerOnly);
    expect(owned.length).toBeGreaterThanOrEqual(10);
    for (const route of owned) {
      const [method, url] = route.split(' ') as [string, string];
      const response = await call(method, url, cookie, method === 'GET' ? undefined : {});
      expect(response.statusCode, route).toBe(403);
      expect(response.json().error).toBe('Only an owner of the business can do this');
    }
  });

  it('lets staff do the work: every other guarded list answers them; an owner gets every list', async () => {
    const staff = await signInAdmin(t.app, { role: 'staff' });
    const owner = await signInAdmin(t.app);
    const lists = guardedRoutes().filter(
      (r) => r.startsWith('GET ') && !r.includes('0000') && !r.includes('/:'),
    );
    for (const route of lists) {
      const url = route.slice(4);
      const expected = isOwnerOnly(route) ? 403 : 200;
      expect((await call('GET', url, staff.cookie)).statusCode, `staff ${route}`).toBe(expected);
      expect((await call('GET', url, owner.cookie)).statusCode, `owner ${route}`).toBe(200);
    }
  });
});

describe('administrators', () => {
  it('invites by e-mail; the link creates the account in its role once, and signs it in', async () => {
    const owner = await signInAdmin(t.app);
    const email = `new.staff.${Date.now()}@example.co.za`;
    const invited = await call('POST', '/api/admin/administrators/invitations', owner.cookie, {
      email,
      role: 'staff',
    });
    expect(invited.statusCode).toBe(201);
    const mail = await latestMail(t.app, email, 'invited');
    expect(mail.text).toContain('http://shop.test/admin/invitation?token=');
    const token = await deliveredToken(t.app, mail);
    const listed = (await call('GET', '/api/admin/administrators', owner.cookie)).json();
    expect(listed.invitations).toEqual([expect.objectContaining({ email, role: 'staff' })]);

    const lookup = await call('POST', '/api/admin/invitations/lookup', undefined, { token });
    expect(lookup.json()).toEqual({ email, role: 'staff' });
    const accept = (name: string) =>
      call('POST', '/api/admin/invitations/accept', undefined, {
        token,
        name,
        password: 'a long new passphrase 2026',
      });
    const accepted = await accept('Nomsa Staff');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().admin).toMatchObject({ email, role: 'staff', name: 'Nomsa Staff' });
    const cookie = sessionCookie(accepted, 'admin_sid');
    expect((await call('GET', '/api/admin/support-tickets', cookie)).statusCode).not.toBe(403);
    expect((await call('GET', '/api/admin/administrators', cookie)).statusCode).toBe(403);

    const again = await accept('Someone Else');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invitation link is not valid/);
    const twice = await call('POST', '/api/admin/administrators/invitations', owner.cookie, {
      email,
      role: 'owner',
    });
    expect(twice.statusCode).toBe(409);
    expect(await audited('admin.invited', invited.json().id)).toBe(1);
    // The acceptance is audited, and every owner hears of it at once.
    expect(await audited('admin.invitation_accepted', invited.json().id)).toBe(1);
    const notice = await latestMail(t.app, owner.email, 'joined the');
    expect(notice.subject).toBe('Nomsa Staff joined the Sebenza Digital back office');
    expect(notice.text).toContain(`Nomsa Staff (${email}) accepted an invitation`);
  });

  it('changes a role, disables (signing out at once) and enables; never one’s own, never the last owner', async () => {
    const owner = await signInAdmin(t.app);
    const other = await signInAdmin(t.app);
    const patch = (id: string, body: object, cookie = owner.cookie) =>
      call('PATCH', `/api/admin/administrators/${id}`, cookie, body);

    const self = await patch(owner.admin.id, { role: 'staff' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('You cannot change your own role or disable your own account');

    const demoted = await patch(other.admin.id, { role: 'staff' });
    expect(demoted.json()).toMatchObject({ role: 'staff', disabled: false });
    expect(await audited('admin.role_changed', other.admin.id)).toBe(1);
    expect((await call('GET', '/api/admin/audit-log', other.cookie)).statusCode).toBe(403);

    const disabled = await patch(other.admin.id, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await call('GET', '/api/admin/dashboard', other.cookie)).statusCode).toBe(401);
    const refused = await login(other.email, other.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect((await patch(other.admin.id, { disabled: false })).json()).toMatchObject({
      disabled: false,
    });
    expect((await login(other.email, other.password)).statusCode).toBe(200);
    expect(await audited('admin.disabled', other.admin.id)).toBe(1);
    expect(await audited('admin.enabled', other.admin.id)).toBe(1);

    expect((await patch(other.admin.id, {})).statusCode).toBe(400);
  });

  it('keeps an active owner when two owners demote each other at the same moment', async () => {
    const solo = await createTestApp();
    try {
      const first = await signInAdmin(solo.app);
      const second = await signInAdmin(solo.app);
      const demote = (id: string, cookie: string) =>
        solo.app.inject({
          method: 'PATCH',
          url: `/api/admin/administrators/${id}`,
          payload: { role: 'staff' },
          headers: { cookie },
        });
      const answers = await Promise.all([
        demote(second.admin.id, first.cookie),
        demote(first.admin.id, second.cookie),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused either by its guard (already staff) or by the last-owner rule.
      expect([403, 409]).toContain(statuses[1]);
      const listed = await solo.app.inject({
        method: 'GET',
        url: '/api/admin/administrators',
        headers: { cookie: answers[0]!.statusCode === 200 ? first.cookie : second.cookie },
      });
      const owners = listed
        .json<{ administrators: { role: string }[] }>()
        .administrators.filter((a) => a.role === 'owner');
      expect(owners).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });

  it('resets a lost second factor: the administrator is signed out and signs in with the password', async () => {
    const owner = await signInAdmin(t.app);
    const other = await signInAdmin(t.app, { role: 'staff' });
    await enrol(other.cookie);
    expect((await login(other.email, other.password)).json().code).toBe('TWO_FACTOR_REQUIRED');
    const reset = await call(
      'POST',
      `/api/admin/administrators/${other.admin.id}/reset-two-factor`,
      owner.cookie,
    );
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/dashboard', other.cookie)).statusCode).toBe(401);
    const signedIn = await login(other.email, other.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().admin).toMatchObject({ twoFactorEnabled: false });
    expect(await audited('admin.two_factor_reset', other.admin.id)).toBe(1);
  });
});
