import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { routeNames } from '../../plugins/route-schemas.ts';
import { openAdminPaths } from '../admin-auth/admin-auth.routes.ts';
import { issueSetupToken } from '../admin-auth/admin-auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (method: string, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('admin sign-in', () => {
  it('answers { success, admin } with its own cookie; auth-status and cookie-refresh agree', async () => {
    const { cookie, email } = await signInAdmin(t.app);
    expect(cookie).toMatch(/^admin_sid=/);
    const status = await inject('GET', '/api/admin/auth-status', cookie);
    expect(status.json()).toEqual({
      authenticated: true,
      admin: {
        id: expect.any(String),
        email,
        name: expect.stringMatching(/^Admin /),
        role: 'owner',
        permissions: [],
        twoFactorEnabled: false,
        mustEnrolTwoFactor: false,
      },
    });
    expect(status.headers['cache-control']).toContain('no-store');
    const refresh = await inject('GET', '/api/admin/cookie-refresh?_cb=1', cookie);
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toEqual({ authenticated: true });
  });

  it('sets and clears the readable admin hint with the session (public pages ask only then)', async () => {
    const { email, password } = await signInAdmin(t.app);
    const login = await inject('POST', '/api/admin/login', undefined, { email, password });
    const set = [login.headers['set-cookie']].flat().join('\n');
    expect(set).toMatch(/^admin_signed_in=1; Max-Age=\d+; Path=\/; SameSite=Lax$/m);
    expect(set).toMatch(/^admin_sid=[^;]+;.*HttpOnly/m);
    const cookie = set.match(/^admin_sid=[^;]+/m)![0];
    const out = await inject('POST', '/api/admin/logout', cookie);
    expect([out.headers['set-cookie']].flat().join('\n')).toMatch(/^admin_signed_in=;/m);
  });

  it('refuses a wrong password with 401 { success: false, error }', async () => {
    const { email } = await signInAdmin(t.app);
    const response = await inject('POST', '/api/admin/login', undefined, {
      email,
      password: 'not the password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'Invalid email or password' });
  });

  it('reports no admin without a session, and a customer session is not an admin one', async () => {
    const anonymous = await inject('GET', '/api/admin/auth-status');
    expect(anonymous.json()).toEqual({ authenticated: false, admin: null });
    const { cookie } = await signUp(t.app);
    const customer = await inject('GET', '/api/admin/auth-status', cookie);
    expect(customer.json()).toEqual({ authenticated: false, admin: null });
    expect((await inject('GET', '/api/admin/cookie-refresh', cookie)).statusCode).toBe(401);
  });

  it('auth-status never writes (no sliding on the 5 s poll)', async () => {
    const { cookie, admin } = await signInAdmin(t.app);
    const old = new Date(Date.now() - 3_600_000);
    await t.app.database.db
      .update(sessions)
      .set({ lastSeenAt: old })
      .where(eq(sessions.adminId, admin.id));
    await inject('GET', '/api/admin/auth-status', cookie);
    const [row] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.adminId, admin.id));
    expect(row!.lastSeenAt.getTime()).toBe(old.getTime());
  });

  it('expires after 8 hours idle', async () => {
    const { cookie, admin } = await signInAdmin(t.app);
    const [row] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.adminId, admin.id));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.round(lifetime / 3_600_000)).toBe(8);
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.adminId, admin.id));
    expect((await inject('GET', '/api/admin/auth-status', cookie)).json().authenticated).toBe(
      false,
    );
  });

  it('signs out: the session row is gone', async () => {
    const { cookie, admin } = await signInAdmin(t.app);
    const response = await inject('POST', '/api/admin/logout', cookie);
    expect(response.statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/auth-status', cookie)).json().authenticated).toBe(
      false,
    );
    const rows = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.adminId, admin.id));
    expect(rows).toHaveLength(0);
  });

  it('limits failed sign-ins: the 11th in 15 minutes gets 429', async () => {
    const { email, password } = await signInAdmin(t.app);
    for (let i = 0; i < 10; i += 1) {
      await inject('POST', '/api/admin/login', undefined, { email, password: `wrong ${i}` });
    }
    const blocked = await inject('POST', '/api/admin/login', undefined, { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Please try again in \d+ minutes?\./);
  });

  it('blocks a stranger’s address, never the account: the owner still signs in from their own', async () => {
    const { email, password } = await signInAdmin(t.app);
    const from = (remoteAddress: string, attempt: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress,
        payload: { email, password: attempt },
      });
    for (let i = 0; i < 12; i += 1) await from('203.0.113.9', `guess ${i}`);
    expect((await from('203.0.113.9', password)).statusCode).toBe(429);
    const owner = await from('198.51.100.7', password);
    expect(owner.statusCode).toBe(200);
    // The owner's success forgives the account everywhere, the stranger's address included.
    expect((await from('203.0.113.9', password)).statusCode).toBe(200);
  });
});

describe('admin routes', () => {
  const adminRoutes = () =>
    routeNames(t.app)
      .filter((route) => route.includes(' /api/admin/'))
      .filter((route) => !openAdminPaths.includes(route.split(' ')[1]!))
      .map((route) => route.replace(':id', '00000000-0000-4000-8000-000000000000'));

  it('finds the guarded admin routes in the route table', () => {
    expect(adminRoutes()).toEqual(
      expect.arrayContaining(['GET /api/admin/dashboard', 'GET /api/admin/audit-log']),
    );
  });

  it('refuses a customer session, and no session, on every guarded admin route', async () => {
    const { cookie } = await signUp(t.app);
    for (const route of adminRoutes()) {
      const [method, url] = route.split(' ') as [string, string];
      for (const who of [cookie, undefined]) {
        const response = await inject(method, url, who);
        expect(response.statusCode, `${route} ${who ? 'as customer' : 'anonymous'}`).toBe(401);
      }
    }
  });

  it('serves every guarded GET route to an administrator', async () => {
    const { cookie } = await signInAdmin(t.app);
    // Routes of one record (an id or a reference in the path) are each feature's own tests.
    const lists = adminRoutes().filter(
      (r) => r.startsWith('GET ') && !r.includes('0000') && !r.includes('/:'),
    );
    for (const route of lists) {
      const response = await inject('GET', route.slice(4), cookie);
      expect(response.statusCode, route).toBe(200);
    }
  });
});

describe('audit log', () => {
  it('records sign-in and sign-out with who, what and the IP; rows cannot be changed', async () => {
    const { cookie, email, admin } = await signInAdmin(t.app);
    await inject('POST', '/api/admin/logout', cookie);
    const rows = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.adminId, admin.id))
      .orderBy(desc(auditLog.id));
    expect(rows.map((r) => r.action)).toEqual(['admin.logout', 'admin.login']);
    expect(rows[0]).toMatchObject({ actor: email, ip: '127.0.0.1' });
    await expect(
      t.app.database.db.execute(sql`update audit_log set action = 'x' where id = ${rows[0]!.id}`),
    ).rejects.toThrow();
    await expect(
      t.app.database.db.execute(sql`delete from audit_log where id = ${rows[0]!.id}`),
    ).rejects.toThrow();
  });

  it('lists entries newest first with filters', async () => {
    const { cookie, email } = await signInAdmin(t.app);
    const all = await inject('GET', '/api/admin/audit-log', cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json().actions).toEqual(expect.arrayContaining(['admin.login', 'admin.created']));
    const mine = await inject(
      'GET',
      `/api/admin/audit-log?action=admin.login&actor=${encodeURIComponent(email)}`,
      cookie,
    );
    expect(mine.json().entries).toHaveLength(1);
    expect(mine.json().entries[0]).toMatchObject({ action: 'admin.login', actor: email });
    const bad = await inject('GET', '/api/admin/audit-log?from=yesterday', cookie);
    expect(bad.statusCode).toBe(400);
  });
});

describe('back office data', () => {
  it('dashboard: live figures from the database', async () => {
    const { cookie } = await signInAdmin(t.app);
    const customer = await signUp(t.app, { fullName: 'Newest Customer' });
    const response = await inject('GET', '/api/admin/dashboard', cookie);
    expect(response.json()).toMatchObject({
      ordersToday: 0,
      revenueThisMonthExVatCents: 0,
      domainsAwaitingRegistration: 0,
      openTickets: 0,
      customers: expect.any(Number),
      newestSignups: expect.arrayContaining([
        expect.objectContaining({ email: customer.email, fullName: 'Newest Customer' }),
      ]),
    });
  });

  it('outbox lists mail newest first and shows one message', async () => {
    const { cookie } = await signInAdmin(t.app);
    const { email } = await signUp(t.app);
    const list = await inject('GET', '/api/admin/outbox', cookie);
    const item = list.json().items.find((m: { to: string }) => m.to === email);
    expect(item.subject).toContain('Confirm your e-mail');
    const message = await inject('GET', `/api/admin/outbox/${item.id}`, cookie);
    expect(message.json().text).toContain('/user/verify-email?token=');
    const missing = await inject(
      'GET',
      '/api/admin/outbox/00000000-0000-4000-8000-000000000000',
      cookie,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('database management lists tables with rows and sizes, the engine and the migrations', async () => {
    const { cookie } = await signInAdmin(t.app);
    const response = await inject('GET', '/api/admin/database/tables', cookie);
    const body = response.json<{
      version: string;
      tables: { name: string; rows: number; bytes: number }[];
      migrations: { name: string; writtenAt: string }[];
    }>();
    const admins = body.tables.find((x) => x.name === 'admins')!;
    expect(admins.rows).toBeGreaterThan(0);
    expect(admins.bytes).toBeGreaterThan(0);
    expect(body.tables.map((x) => x.name)).toEqual(expect.arrayContaining(['users', 'audit_log']));
    expect(body.version).toMatch(/^PostgreSQL \d+/);
    const { entries } = JSON.parse(
      readFileSync('src/db/migrations/meta/_journal.json', 'utf8'),
    ) as { entries: { tag: string }[] };
    expect(body.migrations[0]!.name).toBe(entries.at(-1)!.tag);
    expect(body.migrations.at(-1)!.name).toMatch(/^0000_/);
  });

  it('downloads a backup of the whole database, audited; customers cannot', async () => {
    const { cookie, email } = await signInAdmin(t.app);
    const refused = await inject('GET', '/api/admin/database/backup', (await signUp(t.app)).cookie);
    expect(refused.statusCode).toBe(401);
    const backup = await inject('GET', '/api/admin/database/backup', cookie);
    expect(backup.statusCode).toBe(200);
    const disposition = String(backup.headers['content-disposition']);
    if (t.app.database.kind === 'pglite') {
      // The embedded data folder, gzipped (its magic bytes), as PGlite loads it back.
      expect(disposition).toMatch(
        /attachment; filename="sebenza-embedded-\d{4}-\d\d-\d\d\.tar\.gz"/,
      );
      expect([...backup.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    } else {
      expect(disposition).toMatch(/attachment; filename="sebenza-\d{4}-\d\d-\d\d\.sql"/);
      expect(backup.body).toContain('PostgreSQL database dump');
      expect(backup.body).toContain('CREATE TABLE public.audit_log');
    }
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'database.backup'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actor: email, entityType: 'database' });
  });
});

describe('first administrator', () => {
  it('the one-time setup link creates the first admin, then stops working', async () => {
    const fresh = await createTestApp();
    try {
      // Starting issues (and logs) a link too; the one issued after it is the valid one.
      await fresh.app.ready();
      const token = await issueSetupToken(fresh.app.database.db);
      expect(token).toEqual(expect.any(String));
      const payload = {
        token,
        name: 'First Admin',
        email: 'first@example.co.za',
        password: 'first admin passphrase',
      };
      const created = await fresh.app.inject({ method: 'POST', url: '/api/admin/setup', payload });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ success: true, admin: { name: 'First Admin' } });
      const again = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/setup',
        payload: { ...payload, email: 'second@example.co.za' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('INVALID_TOKEN');
      expect(await issueSetupToken(fresh.app.database.db)).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('the CLI creates an administrator who can sign in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['scripts/admin.ts', 'create', '--email', 'cli@example.co.za', '--name', 'Cli Admin'],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      const password = /Password \(shown only now\): (\S+)/.exec(run.stdout)?.[1];
      expect(password).toHaveLength(24);
      const app = await buildApp(
        loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          CLIENT_DIR: './tests/no-client-build',
        }),
        { logger: false },
      );
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: 'cli@example.co.za', password },
        });
        expect(login.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
