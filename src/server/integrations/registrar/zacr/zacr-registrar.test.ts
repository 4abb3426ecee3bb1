import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  makeEppCertificates,
  type EppCertificates,
} from '../../../../../tests/helpers/epp-certificates.ts';
import { eppFixture, EppStandIn } from '../../../../../tests/helpers/epp-stand-in.ts';
import type { RegistrarError, ZoneRecord } from '../registrar.ts';
import { child, childText, text, attr, children } from './epp-xml.ts';
import { createZacrRegistrar, type ZacrDeps, type ZacrRegistrar } from './zacr-registrar.ts';

let certs: EppCertificates;
let standIn: EppStandIn;
/** Our account as RFC 5731's examples name it (their names are ClientX's)… */
let rfc: ZacrRegistrar;
/** …and as ZACR's co.za examples do (testrar1's). */
let coza: ZacrRegistrar;
const records: ZoneRecord[] = [];

const zones: ZacrDeps['zones'] = {
  listRecords: async (domain) => records.filter((r) => r.name.endsWith(domain)),
  createRecord: async (_domain, record) => {
    const created = {
      ...record,
      id: String(records.length + 1),
      priority: record.priority ?? null,
    };
    records.push(created);
    return created;
  },
  updateRecord: async () => {
    throw new RangeError('no such record');
  },
  deleteRecord: async () => false,
};

const registrar = (username: string, extra: Partial<ZacrDeps> = {}) =>
  createZacrRegistrar(
    {
      host: '127.0.0.1',
      port: standIn.port,
      username,
      password: 'foo-BAR2',
      certFile: certs.clientCertFile,
      keyFile: certs.clientKeyFile,
      caFile: certs.caFile,
      nameservers: ['ns1.sebenza.co.za', 'ns2.sebenza.co.za'],
    },
    { zones, timeouts: { connect: 5_000, command: 2_000 }, ...extra },
  );

beforeAll(async () => {
  certs = makeEppCertificates();
  standIn = await EppStandIn.start(certs);
  rfc = registrar('ClientX', { heldNames: async () => ['example.com', 'gone.co.za'] });
  coza = registrar('testrar1');
});
afterAll(async () => {
  await Promise.all([rfc.close(), coza.close()]);
  await standIn.close();
  rmSync(certs.dir, { recursive: true, force: true });
});
beforeEach(() => standIn.reset());

const registrant = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  phone: '+27.825550101',
  address1: '1 Long Street',
  city: 'Cape Town',
  stateProvince: 'Western Cape',
  postalCode: '8001',
  country: 'ZA',
};
const domainPart = (verb: string) => {
  const [sent] = standIn.sent(verb, 'domain');
  return sent?.command ? child(child(sent.command, verb), verb) : undefined;
};
const notFound = eppFixture('rfc5730-object-does-not-exist-response.xml');
const infoWith = (replace: [string, string][]) =>
  replace.reduce(
    (xml, [from, to]) => xml.replace(from, to),
    eppFixture('rfc5731-info-response.xml'),
  );
const failureOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as RegistrarError,
  );

describe('ZACR registrar over EPP, against the stand-in', () => {
  it('checks a name (no premium tier)', async () => {
    expect(await rfc.checkAvailability('example.com', 'example')).toEqual({
      available: true,
      premium: false,
    });
    expect(await rfc.premiumPrices('example.com')).toBeNull();
  });

  it('registers: the registrant contact first, then the name for one co.za year, then autorenew off', async () => {
    const result = await rfc.register({
      domain: 'thandi.co.za',
      years: 3,
      registrant,
      privacy: false,
      autoRenew: true,
    });
    expect(result).toEqual({ id: 'zacr-create:thandi.co.za', state: 'done', years: 1 });
    // The session is kept from the test before: no new login.
    expect(standIn.requests.map((r) => `${r.verb}:${r.object ?? ''}`)).toEqual([
      'create:contact',
      'create:domain',
      'update:domain',
    ]);
    const contactId = /<contact:id>([^<]+)</.exec(standIn.sent('create', 'contact')[0]!.xml)?.[1];
    expect(contactId).toMatch(/^sbz[0-9a-f]{13}$/);
    const create = domainPart('create');
    expect(childText(create, 'registrant')).toBe(contactId);
    expect(text(child(create, 'period'))).toBe('1');
    expect(childText(child(create, 'authInfo'), 'pw')).toBe('coza');
    expect(children(child(create, 'ns'), 'hostAttr').map((h) => childText(h, 'hostName'))).toEqual([
      'ns1.sebenza.co.za',
      'ns2.sebenza.co.za',
    ]);
    expect(standIn.sent('update', 'domain')[0]!.xml).toContain(
      '<cozadomain:autorenew>false</cozadomain:autorenew>',
    );
  });

  it('a registration whose registry still says autorenew is on sends autorenew off again', async () => {
    standIn.on('info:domain', eppFixture('zacr-coza-info-response.xml'));
    expect(
      await coza.registrationState('exampledomain.co.za', 'zacr-create:exampledomain.co.za'),
    ).toBe('done');
    expect(standIn.sent('update', 'domain')[0]!.xml).toContain(
      '<cozadomain:autorenew>false</cozadomain:autorenew>',
    );
    // Not ours: failed.
    expect(await rfc.registrationState('exampledomain.co.za', 'x')).toBe('failed');
  });

  it('renews from the exact expiry domain:info gives, and is done once the expiry moved', async () => {
    const step = await rfc.renew('example.com', 2);
    expect(step.state).toBe('done');
    const renew = domainPart('renew');
    expect(childText(renew, 'curExpDate')).toBe('2005-04-03');
    expect(text(child(renew, 'period'))).toBe('2');
    expect(await rfc.renewalState('example.com', step.id)).toBe('pending');
    standIn.on('info:domain', infoWith([['2005-04-03T22:00:00.0Z', '2007-04-03T22:00:00.0Z']]));
    expect(await rfc.renewalState('example.com', step.id)).toBe('done');
  });

  it('renews co.za a year per command, without a period, each from the expiry it moved to', async () => {
    standIn.on('info:domain', eppFixture('zacr-coza-info-response.xml'));
    standIn.on('renew:domain', (request) => {
      const current = /<domain:curExpDate>(\d{4})(-\d\d-\d\d)</.exec(request.xml)!;
      const next = `${Number(current[1]) + 1}${current[2]}`;
      return eppFixture('rfc5731-renew-response.xml').replace('2005-04-03', next);
    });
    expect((await coza.renew('exampledomain.co.za', 2)).state).toBe('done');
    const renewals = standIn.sent('renew', 'domain').map((r) => r.xml);
    expect(renewals.map((xml) => /<domain:curExpDate>([^<]+)</.exec(xml)?.[1])).toEqual([
      '2013-01-18',
      '2014-01-18',
    ]);
    expect(renewals.some((xml) => xml.includes('domain:period'))).toBe(false);
  });

  it('asks a co.za transfer without a code (the registrant approves by e-mail)', async () => {
    await coza.transfer({
      domain: 'exampledomain.co.za',
      authCode: 'whatever',
      registrant,
      privacy: false,
      autoRenew: false,
    });
    expect(standIn.sent('transfer', 'domain')[0]!.xml).not.toContain('authInfo');
  });

  it('transfers in with the code, pending until the losing side approves', async () => {
    expect(
      await rfc.transfer({
        domain: 'example.com',
        authCode: '2fooBAR',
        registrant,
        privacy: false,
        autoRenew: false,
      }),
    ).toEqual({
      id: 'zacr-transfer:example.com',
      state: 'pending',
    });
    expect(childText(child(domainPart('transfer'), 'authInfo'), 'pw')).toBe('2fooBAR');
    expect(await rfc.transferState('example.com', 'zacr-transfer:example.com')).toEqual({
      state: 'pending',
    });
    const query = eppFixture('rfc5731-transfer-query-response.xml');
    standIn.on('transfer:domain:query', query.replace('>pending<', '>clientRejected<'));
    expect(await rfc.transferState('example.com', 'x')).toEqual({
      state: 'failed',
      reason: 'ZACR: transfer clientRejected',
    });
    standIn.on('transfer:domain:query', query.replace('>pending<', '>serverApproved<'));
    expect(await rfc.transferState('example.com', 'x')).toEqual({ state: 'done' });
  });

  it("knows what is ours: registered, pending transfer to us, or someone else's", async () => {
    expect(await rfc.inAccount('example.com')).toEqual({
      state: 'registered',
      since: new Date('2000-04-08T09:00:00Z'),
    });
    expect(await rfc.holds('example.com')).toEqual({
      reference: 'zacr:EXAMPLE1-REP',
      expiresAt: new Date('2005-04-03T22:00:00Z'),
      since: new Date('2000-04-08T09:00:00Z'),
    });
    standIn.on(
      'info:domain',
      infoWith([
        ['<domain:clID>ClientX', '<domain:clID>ClientY'],
        ['s="ok"', 's="pendingTransfer"'],
      ]),
    );
    expect(await rfc.inAccount('example.com')).toEqual({
      state: 'pending',
      since: new Date('2000-06-06T22:00:00Z'),
    });
    expect(await rfc.holds('example.com')).toBeNull();
    standIn.on('info:domain', notFound);
    expect(await rfc.inAccount('example.com')).toBeNull();
  });

  it('lists the names our records say are there, as domain:info confirms them', async () => {
    standIn.on('info:domain', (request) =>
      request.xml.includes('gone.co.za') ? notFound : eppFixture('rfc5731-info-response.xml'),
    );
    expect(await rfc.listDomains()).toEqual([
      { domain: 'example.com', expiresAt: new Date('2005-04-03T22:00:00Z') },
    ]);
  });

  it('replaces name servers with one update: new ones added, old ones removed', async () => {
    expect(await rfc.nameservers('example.com')).toEqual(['ns1.example.com', 'ns1.example.net']);
    expect(
      await rfc.setNameservers('example.com', ['NS1.example.com', 'ns2.sebenza.co.za']),
    ).toEqual(['ns1.example.com', 'ns2.sebenza.co.za']);
    const update = domainPart('update');
    const hosts = (part: string) =>
      children(child(child(update, part), 'ns'), 'hostAttr').map((h) => childText(h, 'hostName'));
    expect(hosts('add')).toEqual(['ns2.sebenza.co.za']);
    expect(hosts('rem')).toEqual(['ns1.example.net']);
    expect(rfc.defaultNameservers).toEqual(['ns1.sebenza.co.za', 'ns2.sebenza.co.za']);
  });

  it("sets autorenew through ZACR's extension", async () => {
    await coza.setAutoRenew('exampledomain.co.za', false);
    expect(standIn.sent('update', 'domain')[0]!.xml).toContain(
      '<cozadomain:chg><cozadomain:autorenew>false</cozadomain:autorenew></cozadomain:chg>',
    );
  });

  it("locks with clientTransferProhibited, and passes on co.za's refusal in its own words", async () => {
    expect(await rfc.transferLock('example.com')).toBe(false);
    expect(await rfc.setTransferLock('example.com', true)).toBe(true);
    expect(children(child(domainPart('update'), 'add'), 'status').map((s) => attr(s, 's'))).toEqual(
      ['clientTransferProhibited'],
    );
    standIn.reset();
    standIn.on('update:domain', eppFixture('zacr-status-not-supported-response.xml'));
    const error = await failureOf(rfc.setTransferLock('example.com', true));
    expect(error.transient).toBe(false);
    expect(error.message).toBe('ZACR refused: (EPP 2306) clientTransferProhibited not supported');
  });

  it('gives the transfer code domain:info shows, and refuses while locked', async () => {
    expect(await rfc.transferCode('example.com')).toEqual({ kind: 'code', code: '2fooBAR' });
    standIn.on('info:domain', infoWith([['s="ok"', 's="clientTransferProhibited"']]));
    expect((await failureOf(rfc.transferCode('example.com'))).message).toContain('locked');
    standIn.on(
      'info:domain',
      infoWith([['<domain:pw>2fooBAR</domain:pw>', '']]).replace(
        /<domain:authInfo>\s*<\/domain:authInfo>/,
        '',
      ),
    );
    const { code } = (await rfc.transferCode('example.com')) as { code: string };
    expect(code.length).toBeGreaterThanOrEqual(12);
    expect(childText(child(child(domainPart('update'), 'chg'), 'authInfo'), 'pw')).toBe(code);
  });

  it('reads the registrant contact, and changes it the ZACR way (new contact, then chg registrant)', async () => {
    expect(await rfc.registrant('example.com')).toMatchObject({
      firstName: 'John',
      lastName: 'Doe',
      email: 'jdoe@example.com',
    });
    expect(/<contact:id>([^<]+)</.exec(standIn.sent('info', 'contact')[0]!.xml)?.[1]).toBe(
      'jd1234',
    );
    standIn.reset();
    standIn.on('update:domain', eppFixture('zacr-update-pending-response.xml'));
    expect(await rfc.changeRegistrant('example.com', registrant)).toEqual({
      state: 'pending',
      reason: 'Domain Pending Update',
    });
    const contactId = /<contact:id>([^<]+)</.exec(standIn.sent('create', 'contact')[0]!.xml)?.[1];
    expect(childText(child(domainPart('update'), 'chg'), 'registrant')).toBe(contactId);
  });

  it("prices: the owners' table when given, else a clear refusal; the account from the registrar contact", async () => {
    const error = await failureOf(rfc.endingPrices('co.za'));
    expect(error.message).toBe('ZACR publishes no prices over EPP');
    expect(error.transient).toBe(false);
    const priced = registrar('ClientX', {
      tableCosts: async () => ({
        registrationCents: 5000,
        renewalCents: 5000,
        transferCents: 0,
        currency: 'ZAR',
      }),
    });
    expect((await priced.endingPrices('co.za')).registrationCents).toBe(5000);
    await priced.close();
    standIn.on('info:contact', eppFixture('zacr-coza-registrar-contact-response.xml'));
    expect(await coza.account()).toEqual({ id: 'testrar1', email: 'examplerar@example.com' });
  });

  it('keeps DNS records in the zones it was given', async () => {
    const created = await rfc.createRecord('example.co.za', {
      type: 'A',
      name: 'www.example.co.za',
      content: '192.0.2.1',
      ttl: 3600,
    });
    expect(await rfc.listRecords('example.co.za')).toEqual([created]);
    expect(standIn.requests).toHaveLength(0);
  });

  it('reads and acknowledges poll messages; deletes within grace', async () => {
    standIn.pollQueue.push('rfc5731-poll-pending-action-response.xml');
    const [message] = await rfc.pollMessages();
    expect(message?.pendingAction).toEqual({
      domain: 'example.com',
      succeeded: true,
      date: new Date('1999-04-04T22:00:00Z'),
    });
    expect(standIn.pollQueue).toHaveLength(0);
    expect(await rfc.deleteDomain('example.com')).toBe('done');
    standIn.on('delete:domain', eppFixture('zacr-update-pending-response.xml'));
    expect(await rfc.deleteDomain('example.com')).toBe('pending');
  });
});
