import { gunzipSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, auditLog, mailOutbox } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { latestMail, signUp, tokenFromText } from '../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../tests/helpers/admins.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import { routeNames } from '../plugins/route-schemas.ts';
import { sealClearTotpSecrets, totpFor } from '../features/admin-auth/two-factor.service.ts';

/**
 * Issue 25 §1: no administrator, whatever the role, reads a working link or a TOTP secret in
 * the back office, an export or a backup. The links are real: they are taken from the mails as
 * delivered over SMTP, then shown to work.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: string, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

/** A download as text; a gzipped one (the embedded database's folder) unpacked first. */
const bodyText = (raw: Buffer) =>
  (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('latin1');

describe('secrets in the back office', () => {
  it('no reader of the outbox, lists, exports or backups holds a live link or a TOTP secret', async () => {
    const customer = await signUp(t.app, { fullName: 'Ayanda Zulu' });
    await call('POST', '/api/forgot-password', undefined, { email: customer.email });
    const owner = await signInAdmin(t.app, { role: 'owner' });
    const staff = await signInAdmin(t.app, { role: 'staff' });
    const invitee = `new.owner.${Date.now()}@example.co.za`;
    const invited = await call('POST', '/api/admin/administrators/invitations', owner.cookie, {
      email: invitee,
      role: 'owner',
    });
    expect(invited.statusCode).toBe(201);
    const visitor = `visitor.${Date.now()}@example.co.za`;
    const contact = await call('POST', '/api/contact', undefined, {
      name: 'Pieter Botha',
      email: visitor,
      subject: 'A shop for my farm stall',
      message: 'Can you build a small online shop for fresh produce in Stellenbosch?',
    });
    expect(contact.statusCode).toBe(201);
    const setup = (await call('POST', '/api/admin/two-factor/setup', owner.cookie)).json<{
      secret: string;
    }>();
    const confirm = await call('POST', '/api/admin/two-factor/confirm', owner.cookie, {
      code: totpFor(setup.secret).generate(),
    });
    expect(confirm.statusCode).toBe(200);

    // The live tokens, as the recipients got them.
    const delivered = {
      verify: tokenFromText((await smtp.waitFor(customer.email, 'Confirm your e-mail')).text),
      reset: tokenFromText((await smtp.waitFor(customer.email, 'Reset your')).text),
      invitation: tokenFromText((await smtp.waitFor(invitee, 'invited')).text),
      ticket: tokenFromText((await smtp.waitFor(visitor, 'We received your message')).text),
    };
    const secrets = [...Object.values(delivered), setup.secret];

    // Everything an administrator can read: every list of the back office, each kept mail,
    // the audit log, the backup; and the customer's own export.
    const readings: { what: string; text: string }[] = [];
    const lists = routeNames(t.app).filter(
      (r) => r.startsWith('GET /api/admin/') && !r.includes('/:'),
    );
    for (const reader of [staff, owner]) {
      for (const route of lists) {
        const url = route.slice(4);
        const response = await call('GET', url, reader.cookie);
        readings.push({ what: `${route} as ${reader.email}`, text: bodyText(response.rawPayload) });
      }
      const outbox = await call('GET', '/api/admin/outbox', reader.cookie);
      for (const item of outbox.json<{ items: { id: string }[] }>().items) {
        const message = await call('GET', `/api/admin/outbox/${item.id}`, reader.cookie);
        readings.push({ what: `outbox message ${item.id}`, text: message.body });
      }
    }
    const backup = await call('GET', '/api/admin/database/backup', owner.cookie);
    expect(backup.statusCode).toBe(200);
    readings.push({ what: 'the database backup', text: bodyText(backup.rawPayload) });
    const exported = await call('GET', '/api/user/export', customer.cookie);
    readings.push({ what: 'the customer export', text: exported.body });

    // The scan reads real content: the backup and the outbox hold the mails themselves.
    expect(readings.find((r) => r.what === 'the database backup')!.text).toContain(
      'A shop for my farm stall',
    );
    expect(readings.some((r) => r.text.includes('token=TOKEN-MINTED-ON-DELIVERY'))).toBe(true);
    for (const reading of readings) {
      for (const secret of secrets) {
        expect(reading.text.includes(secret), `${reading.what} holds a secret`).toBe(false);
      }
    }
    const [stored] = await t.app.database.db
      .select({ secret: admins.totpSecret })
      .from(admins)
      .where(eq(admins.id, owner.admin.id));
    expect(stored!.secret).toMatch(/^enc:v1:/);

    // And the tokens found nowhere are the working ones.
    const lookup = await call('POST', '/api/admin/invitations/lookup', undefined, {
      token: delivered.invitation,
    });
    expect(lookup.json()).toEqual({ email: invitee, role: 'owner' });
    const ticket = await call('GET', `/api/ticket-link?token=${delivered.ticket}`);
    expect(ticket.statusCode).toBe(200);
    const verified = await call('POST', '/api/verify-email', undefined, {
      token: delivered.verify,
    });
    expect(verified.statusCode).toBe(200);
    const reset = await call('POST', '/api/reset-password', undefined, {
      token: delivered.reset,
      password: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('opens a kept mail with a working link for no one outside development', async () => {
    const { email } = await signUp(t.app);
    const mail = await latestMail(t.app, email, 'Confirm your e-mail');
    for (const role of ['staff', 'owner'] as const) {
      const reader = await signInAdmin(t.app, { role });
      const read = await call('GET', `/api/admin/outbox/${mail.id}`, reader.cookie);
      expect(read.json()).toMatchObject({ tokenLink: 'minted-on-delivery' });
      const open = await call('POST', `/api/admin/outbox/${mail.id}/open`, reader.cookie);
      expect(open.statusCode).toBe(403);
      expect(open.body).not.toMatch(/token=(?!TOKEN-MINTED)/);
    }
  });
});

describe('TOTP secrets kept in clear before this release', () => {
  it('are sealed at start, and their codes still sign in', async () => {
    const { admin, email, password } = await signInAdmin(t.app);
    const clear = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.app.database.db
      .update(admins)
      .set({ totpSecret: clear, totpEnabledAt: new Date() })
      .where(eq(admins.id, admin.id));
    expect(await sealClearTotpSecrets(t.app.database.db, t.app.secretBox)).toBeGreaterThanOrEqual(
      1,
    );
    const [row] = await t.app.database.db
      .select({ secret: admins.totpSecret })
      .from(admins)
      .where(eq(admins.id, admin.id));
    expect(row!.secret).toMatch(/^enc:v1:/);
    expect(row!.secret).not.toContain(clear);
    const signIn = await call('POST', '/api/admin/login', undefined, {
      email,
      password,
      code: totpFor(clear).generate(),
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('the outbox in development without SMTP', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(() => dev.close());

  const devCall = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    dev.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  it('lets an owner, never staff, open a newcomer’s mail with a working link; each opening replaces the last', async () => {
    const customer = await signUp(dev.app);
    await devCall('POST', '/api/forgot-password', undefined, { email: customer.email });
    const mail = await latestMail(dev.app, customer.email, 'Reset your');
    const staff = await signInAdmin(dev.app, { role: 'staff' });
    const owner = await signInAdmin(dev.app, { role: 'owner' });

    const staffRead = await devCall('GET', `/api/admin/outbox/${mail.id}`, staff.cookie);
    expect(staffRead.json()).toMatchObject({ tokenLink: 'minted-on-delivery' });
    const staffOpen = await devCall('POST', `/api/admin/outbox/${mail.id}/open`, staff.cookie);
    expect(staffOpen.statusCode).toBe(403);
    expect(staffOpen.json().error).toBe('Only an owner of the business can do this');

    const ownerRead = await devCall('GET', `/api/admin/outbox/${mail.id}`, owner.cookie);
    expect(ownerRead.json()).toMatchObject({ tokenLink: 'open-here' });
    expect(ownerRead.json().text).toContain('token=TOKEN-MINTED-ON-DELIVERY');
    const first = await devCall('POST', `/api/admin/outbox/${mail.id}/open`, owner.cookie);
    expect(first.statusCode).toBe(200);
    const firstToken = tokenFromText(first.json().text);
    const second = await devCall('POST', `/api/admin/outbox/${mail.id}/open`, owner.cookie);
    const secondToken = tokenFromText(second.json().text);
    expect(secondToken).not.toBe(firstToken);
    // Still nothing live is kept.
    const [kept] = await dev.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail.id));
    expect(kept!.text).not.toContain(secondToken);

    const stale = await devCall('POST', '/api/reset-password', undefined, {
      token: firstToken,
      password: 'a brand new passphrase',
    });
    expect(stale.statusCode).toBe(400);
    const fresh = await devCall('POST', '/api/reset-password', undefined, {
      token: secondToken,
      password: 'a brand new passphrase',
    });
    expect(fresh.statusCode).toBe(200);
    const [audit] = await dev.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'outbox.opened'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actor: owner.email, entityId: mail.id });
  });
});
