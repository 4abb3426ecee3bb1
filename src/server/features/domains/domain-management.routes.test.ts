import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#db/schema/index.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { customerWithDomain } from '../../../../tests/helpers/domain-customer.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

function api(t: TestApp, cookie: string) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
}

const auditOf = (t: TestApp, domain: string) =>
  t.app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, domain))
    .orderBy(desc(auditLog.id));

const newContact = {
  firstName: 'Pieter',
  lastName: 'Botha',
  organisation: '',
  email: 'pieter@botha.co.za',
  phone: '082 555 0199',
  address1: '7 Waterfront Drive',
  city: 'Knysna',
  stateProvince: 'Western Cape',
  postalCode: '6571',
  country: 'za',
};

describe('registrar lock, transfer code and registrant (local registrar)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts locked, refuses the code while locked, then shows a fresh code each time, audited without it', async () => {
    const { cookie, user } = await customerWithDomain(t, 'botha-lock.co.za');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-lock.co.za';
    expect((await call('GET', `${base}/lock`)).json()).toEqual({ locked: true });
    const refused = await call('POST', `${base}/transfer-code`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'botha-lock.co.za is locked. Turn the registrar lock off to get its transfer code.',
    );
    expect((await call('PUT', `${base}/lock`, { locked: false })).json()).toEqual({
      locked: false,
    });
    const first = await call('POST', `${base}/transfer-code`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { code } = first.json<{ code: string }>();
    expect(code).toMatch(/^[\w-]{16}$/);
    const { code: second } = (await call('POST', `${base}/transfer-code`)).json<{ code: string }>();
    expect(second).not.toBe(code);

    const audit = await auditOf(t, 'botha-lock.co.za');
    expect(audit.map((row) => row.action)).toEqual([
      'domain.transfer_code',
      'domain.transfer_code',
      'domain.unlocked',
    ]);
    expect(audit[0]).toMatchObject({
      actor: `customer ${user.id}`,
      entityType: 'domain',
      details: { delivery: 'shown' },
    });
    expect(JSON.stringify(audit)).not.toContain(second);

    // Only the latest code moves the name, and only while it is unlocked.
    const transfer = (authCode: string) =>
      t.app.registrar.transfer({
        domain: 'botha-lock.co.za',
        authCode,
        registrant: { ...newContact, phone: '+27.825550199', country: 'ZA' },
        privacy: false,
        autoRenew: false,
      });
    await expect(transfer(code)).rejects.toThrow(
      'The transfer code for botha-lock.co.za is not the one its registrar gave out',
    );
    await call('PUT', `${base}/lock`, { locked: true });
    await expect(transfer(second)).rejects.toThrow(
      'botha-lock.co.za is locked at its registrar: its owner must turn the registrar lock off first',
    );
    await call('PUT', `${base}/lock`, { locked: false });
    expect(await transfer(second)).toEqual({
      id: 'local-transfer:botha-lock.co.za',
      state: 'done',
    });
    // Moved, the name is locked again and its code used up.
    expect(await t.app.registrar.transferLock('botha-lock.co.za')).toBe(true);
    await expect(transfer(second)).rejects.toThrow(/is locked at its registrar/);
  });

  it('reads the registrant and replaces it, checked and in EPP form', async () => {
    const { cookie } = await customerWithDomain(t, 'botha-whois.co.za');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-whois.co.za/registrant';
    expect((await call('GET', base)).json()).toMatchObject({
      firstName: 'Pieter',
      lastName: 'Botha',
      phone: '+27.825550101',
      postalCode: '6570',
      country: 'ZA',
    });
    const changed = await call('PUT', base, newContact);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ state: 'done' });
    expect((await call('GET', base)).json()).toEqual({
      firstName: 'Pieter',
      lastName: 'Botha',
      email: 'pieter@botha.co.za',
      phone: '+27.825550199',
      address1: '7 Waterfront Drive',
      city: 'Knysna',
      stateProvince: 'Western Cape',
      postalCode: '6571',
      country: 'ZA',
    });
    const bad = await call('PUT', base, {
      ...newContact,
      phone: '555-CALL-ME',
      country: 'XX',
      postalCode: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        {
          path: 'phone',
          message: 'Enter the number as +27.825550101 (country code, a dot, then the number)',
        },
        { path: 'country', message: 'Use the two-letter country code, e.g. ZA' },
      ]),
    );
    const zaPostal = await call('PUT', base, { ...newContact, postalCode: '12345' });
    expect(zaPostal.json().issues).toEqual([
      { path: 'postalCode', message: 'A South African postal code has 4 digits' },
    ]);
    expect(
      (await call('PUT', '/api/user/domains/botha-whois.co.za/lock', { locked: 'no' })).statusCode,
    ).toBe(400);
  });

  it("answers 404 for another customer's domain, on every route", async () => {
    await customerWithDomain(t, 'botha-private.co.za');
    const stranger = api(t, (await signUp(t.app)).cookie);
    const base = '/api/user/domains/botha-private.co.za';
    for (const [method, url, payload] of [
      ['GET', `${base}/lock`],
      ['PUT', `${base}/lock`, { locked: false }],
      ['POST', `${base}/transfer-code`],
      ['GET', `${base}/registrant`],
      ['PUT', `${base}/registrant`, newContact],
    ] as const) {
      const answer = await stranger(method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().error).toBe('botha-private.co.za is not one of your active domains');
    }
    expect(await t.app.registrar.transferLock('botha-private.co.za')).toBe(true);
    expect(await auditOf(t, 'botha-private.co.za')).toEqual([]);
  });
});

describe('registrar lock, transfer code and registrant (DNSimple stand-in)', () => {
  let t: DnsimpleTestApp;
  beforeAll(async () => {
    t = await createDnsimpleTestApp();
  });
  afterAll(() => t.close());

  it('honours the lock, then says DNSimple e-mailed the code to the registrant', async () => {
    const { cookie, email } = await customerWithDomain(t, 'botha-lock.com');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-lock.com';
    expect((await call('GET', `${base}/lock`)).json()).toEqual({ locked: true });
    expect((await call('POST', `${base}/transfer-code`)).statusCode).toBe(409);
    expect(t.dnsimple.management.transfersOut).toEqual([]);
    expect((await call('PUT', `${base}/lock`, { locked: false })).json()).toEqual({
      locked: false,
    });
    expect(t.dnsimple.management.locked('botha-lock.com')).toBe(false);
    const answer = await call('POST', `${base}/transfer-code`);
    expect(answer.json()).toEqual({ emailedTo: email });
    expect(t.dnsimple.management.transfersOut).toEqual(['botha-lock.com']);
    expect((await auditOf(t, 'botha-lock.com'))[0]).toMatchObject({
      action: 'domain.transfer_code',
      details: { delivery: 'emailed' },
    });
  });

  it('changes an address at once; a change of owner waits for the registry', async () => {
    const { cookie, email } = await customerWithDomain(t, 'botha-whois.com');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-whois.com/registrant';
    const now = (await call('GET', base)).json();
    expect(now).toMatchObject({ firstName: 'Pieter', email, phone: '+27.825550101' });
    const moved = await call('PUT', base, { ...now, address1: '9 Main Road', organisation: '' });
    expect(moved.json()).toEqual({ state: 'done' });
    expect((await call('GET', base)).json()).toMatchObject({ address1: '9 Main Road' });
    const sold = await call('PUT', base, { ...newContact, firstName: 'Anna' });
    expect(sold.json()).toEqual({
      state: 'pending',
      reason:
        'The registry confirms a change of owner: the current registrant may be asked by e-mail to approve it.',
    });
    expect((await call('GET', base)).json()).toMatchObject({ firstName: 'Pieter' });
    t.dnsimple.management.confirmRegistrantChanges();
    expect((await call('GET', base)).json()).toMatchObject({
      firstName: 'Anna',
      phone: '+27.825550199',
    });
  });
});
