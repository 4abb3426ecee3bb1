import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  latestMail,
  sessionCookie,
  signUp,
  deliveredToken,
} from '../../../../tests/helpers/accounts.ts';
import { forgotPasswordAnswer } from './auth.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('POST /api/register', () => {
  it('creates the account, answers 201 with the user and signs the browser in', async () => {
    const response = await post('/api/register', {
      fullName: '  Sipho Dlamini ',
      email: ' Sipho@Example.CO.ZA ',
      password: 'a long enough passphrase',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: 'sipho@example.co.za',
      fullName: 'Sipho Dlamini',
      emailVerified: false,
      returning: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(user)).not.toContain('password');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const me = await get('/api/user', sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('sipho@example.co.za');
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user, password } = await signUp(t.app);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(password);
  });

  it('mails a verification link with a text and an HTML part', async () => {
    const { email } = await signUp(t.app, { fullName: 'Lerato Mokoena' });
    const mail = await latestMail(t.app, email, 'Confirm your e-mail');
    expect(mail.text).toContain('Hi Lerato,');
    expect(mail.text).toContain('http://shop.test/user/verify-email?token=');
    expect(mail.text).toContain('Johannesburg East South Africa');
    expect(mail.html).toContain('<a href="http://shop.test/user/verify-email?token=');
    expect(mail.html).toContain('Sebenza Digital');
  });

  it('answers NAME_TOO_SHORT with the text SPEC §5 matches on', async () => {
    const response = await post('/api/register', {
      fullName: 'A',
      email: 'short@example.co.za',
      password: 'a long enough passphrase',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Name must be at least 2 characters',
      code: 'NAME_TOO_SHORT',
    });
  });

  it('answers 409 EMAIL_ALREADY_EXISTS for a registered address, in any case', async () => {
    const { email } = await signUp(t.app);
    const response = await post('/api/register', {
      fullName: 'Someone Else',
      email: email.toUpperCase(),
      password: 'another long passphrase',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Email already registered',
      code: 'EMAIL_ALREADY_EXISTS',
    });
  });

  it.each([
    [{ email: 'not-an-email', password: 'a long enough passphrase' }, 'email', 'valid e-mail'],
    [{ email: 'ok@example.co.za', password: 'short' }, 'password', 'at least 10 characters'],
    [{ email: 'ok@example.co.za', password: 'Password123' }, 'password', 'too common'],
    [{ email: 'ok@example.co.za', password: 'qwertyuiop' }, 'password', 'too common'],
  ])('refuses %j with a field issue', async (fields, path, text) => {
    const response = await post('/api/register', { fullName: 'Valid Name', ...fields });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path, message: expect.stringContaining(text) }),
      ]),
    );
  });

  it('limits sign-ups to 20 an hour from one address (429 with when to retry)', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '192.0.2.7',
        payload: { fullName: 'Flood', email: `flood${i}@example.co.za`, password: 'x' },
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt(i)).statusCode).toBe(400);
    const refused = await attempt(21);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many requests. Please try again in 1 hour.',
      code: 'RATE_LIMITED',
    });
  });

  it('answers a malformed body with 400, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });
});

describe('POST /api/login and /api/logout', () => {
  it('signs in with a new session id each time (no fixation)', async () => {
    const { email, password, cookie } = await signUp(t.app);
    expect((await get('/api/user', cookie)).json().returning).toBe(false);
    const response = await post('/api/login', { email, password }, cookie);
    expect(response.statusCode).toBe(200);
    // Signed in with the password: from now on the dashboard says "Welcome back".
    expect(response.json()).toMatchObject({ email, fullName: 'Thandi Nkosi', returning: true });
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(cookie);
    expect((await get('/api/user', cookie)).statusCode).toBe(401);
    expect((await get('/api/user', fresh)).statusCode).toBe(200);
    expect((await get('/api/user', fresh)).json().returning).toBe(true);
  });

  it('gives one generic 401 for a wrong password and for an unknown e-mail', async () => {
    const { email } = await signUp(t.app);
    const wrongPassword = await post('/api/login', { email, password: 'not the password!' });
    const unknown = await post('/api/login', {
      email: 'nobody@example.co.za',
      password: 'not the password!',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(wrongPassword.json()).toEqual({
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('refuses the 11th attempt after 10 failures in 15 minutes with 429 and when to retry', async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/login', { email, password: `wrong guess ${i}` })).statusCode).toBe(
        401,
      );
    }
    const blocked = await post('/api/login', { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().error).toMatch(/Please try again in 1[45] minutes\./);
  });

  it('sets a readable "may be signed in" hint beside the session and clears it with the session', async () => {
    const response = await post('/api/register', {
      fullName: 'Hint Holder',
      email: `hint.${Date.now()}@example.co.za`,
      password: 'a long enough passphrase',
    });
    const cookies = [response.headers['set-cookie']].flat().map(String);
    const hint = cookies.find((c) => c.startsWith('signed_in='));
    expect(hint).toMatch(/^signed_in=1; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(hint).not.toContain('HttpOnly');
    const cookie = sessionCookie(response);
    const out = await post('/api/logout', {}, cookie);
    expect([out.headers['set-cookie']].flat().join('\n')).toMatch(/signed_in=;/);
    // A hint that outlived its session (no sid) is cleared by the next look-up.
    const stale = await get('/api/user', 'signed_in=1');
    expect(stale.statusCode).toBe(401);
    expect([stale.headers['set-cookie']].flat().join('\n')).toMatch(/signed_in=;/);
  });

  it('logs out: 200 and the session row is gone', async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await post('/api/logout', {}, cookie);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await get('/api/user', cookie)).statusCode).toBe(401);
    const rows = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/user and /api/cookie-refresh', () => {
  it('answers 401 without a session', async () => {
    const response = await get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('reports authenticated with no-cache headers, 401 without a session', async () => {
    const { cookie } = await signUp(t.app);
    const yes = await get('/api/cookie-refresh?_cb=1', cookie);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ authenticated: true });
    expect(yes.headers['cache-control']).toContain('no-cache');
    expect(yes.headers.pragma).toBe('no-cache');
    const no = await get('/api/cookie-refresh?_cb=1&_retry=true');
    expect(no.statusCode).toBe(401);
    expect(no.json()).toMatchObject({ authenticated: false });
  });

  it('slides the session expiry forward while it is used', async () => {
    const { cookie, user } = await signUp(t.app);
    const db = t.app.database.db;
    await db
      .update(sessions)
      .set({
        lastSeenAt: new Date(Date.now() - 3_600_000),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .where(eq(sessions.userId, user.id));
    const response = await get('/api/cookie-refresh', cookie);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=2592000');
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('treats an expired session as signed out', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await get('/api/user', cookie)).statusCode).toBe(401);
  });
});

describe('Origin check', () => {
  it('refuses a state-changing call from another site with 403', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await get('/api/user', cookie)).statusCode).toBe(200);
  });

  it('accepts the site itself as Origin', async () => {
    const { email, password } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://shop.test' },
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same 200 for a known and an unknown address', async () => {
    const { email } = await signUp(t.app);
    const known = await post('/api/forgot-password', { email });
    const unknown = await post('/api/forgot-password', { email: 'ghost@example.co.za' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: forgotPasswordAnswer });
    expect(unknown.json()).toEqual(known.json());
  });

  it('sets the new password with a single-use link and ends every session', async () => {
    const { email, password, cookie } = await signUp(t.app);
    await post('/api/forgot-password', { email });
    const mail = await latestMail(t.app, email, 'Reset your');
    expect(mail.text).toContain('http://shop.test/reset-password?token=');
    expect(mail.text).toContain('valid for 1 hour');
    const token = await deliveredToken(t.app, mail);

    const reset = await post('/api/reset-password', { token, password: 'my brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/user', cookie)).statusCode).toBe(401);
    expect((await post('/api/login', { email, password })).statusCode).toBe(401);
    expect(
      (await post('/api/login', { email, password: 'my brand new passphrase' })).statusCode,
    ).toBe(200);

    const again = await post('/api/reset-password', { token, password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses an expired link', async () => {
    const { email, user } = await signUp(t.app);
    await post('/api/forgot-password', { email });
    const token = await deliveredToken(t.app, await latestMail(t.app, email, 'Reset your'));
    const { userTokens } = await import('#db/schema/index.ts');
    await t.app.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    const response = await post('/api/reset-password', {
      token,
      password: 'my brand new passphrase',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'This reset link is invalid or has expired. Please request a new one.',
    );
  });

  it('checks the new password like a sign-up password', async () => {
    const response = await post('/api/reset-password', {
      token: 'x'.repeat(43),
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('password');
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed link once, then the user shows emailVerified', async () => {
    const { email, cookie } = await signUp(t.app);
    const token = await deliveredToken(
      t.app,
      await latestMail(t.app, email, 'Confirm your e-mail'),
    );
    const response = await post('/api/verify-email', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, emailVerified: true });
    expect((await get('/api/user', cookie)).json().emailVerified).toBe(true);
    expect((await post('/api/verify-email', { token })).statusCode).toBe(400);
  });

  it('resends a link from the dashboard; the older link stops working', async () => {
    const { email, cookie } = await signUp(t.app);
    const first = await deliveredToken(
      t.app,
      await latestMail(t.app, email, 'Confirm your e-mail'),
    );
    const resend = await post('/api/user/resend-verification', {}, cookie);
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe(`We have sent a new verification link to ${email}.`);
    const second = await deliveredToken(
      t.app,
      await latestMail(t.app, email, 'Confirm your e-mail'),
    );
    expect(second).not.toBe(first);
    expect((await post('/api/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/verify-email', { token: second })).statusCode).toBe(200);
    const after = await post('/api/user/resend-verification', {}, cookie);
    expect(after.json().message).toBe('Your e-mail address is already verified.');
  });

  it('needs a session to resend', async () => {
    expect((await post('/api/user/resend-verification', {})).statusCode).toBe(401);
  });
});

describe('GET /api/session-diagnostics', () => {
  it("describes only the caller's own session", async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session-diagnostics',
      headers: { cookie, 'x-client-type': 'desktop' },
    });
    expect(response.json()).toEqual({
      sessionCookiePresent: true,
      sessionActive: true,
      adminCookiePresent: false,
      secureConnection: false,
      clientType: 'desktop',
    });
    const anonymous = await get('/api/session-diagnostics');
    expect(anonymous.json()).toMatchObject({ sessionCookiePresent: false, sessionActive: false });
  });
});
