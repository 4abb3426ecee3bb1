import { describe, expect, it } from 'vitest';
import { eppFixture } from '../../../../../tests/helpers/epp-stand-in.ts';
import { RegistrarError } from '../registrar.ts';
import { contactCreate, eppPhone, readContactInfo } from './contact-commands.ts';
import {
  domainCheck,
  domainCreate,
  domainDelete,
  domainInfo,
  domainRenew,
  domainTransfer,
  domainUpdate,
  readCheck,
  readCreate,
  readInfo,
  readRenew,
  readTransfer,
} from './domain-commands.ts';
import { expectSuccess, readGreeting, readResponse, type EppError } from './epp-response.ts';
import { child, children, childText, parseXml, text, attr } from './epp-xml.ts';
import { pollAck, pollRequest, readPollMessage } from './poll.ts';

/** The `<command>` of a document, prefixes dropped: ours and the RFC's compare alike. */
const commandOf = (xml: string) => child(child(parseXml(xml), 'epp'), 'command');
const verbOf = (xml: string, verb: string, object: string) =>
  child(child(commandOf(xml), verb), object);
const names = (node: unknown, element: string) => children(node, element).map((each) => text(each));
const hostNames = (nsNode: unknown) => [
  ...names(nsNode, 'hostObj'),
  ...children(nsNode, 'hostAttr').map((host) => childText(host, 'hostName')),
];

describe('domain commands build the XML RFC 5731 shows', () => {
  it('check: every name, in the domain namespace, with the clTRID', () => {
    const ours = domainCheck(['example.com', 'example.net', 'example.org'])('ABC-12345');
    const rfc = eppFixture('rfc5731-check-command.xml');
    expect(names(verbOf(ours, 'check', 'check'), 'name')).toEqual(
      names(verbOf(rfc, 'check', 'check'), 'name'),
    );
    expect(ours).toContain('<domain:check xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">');
    expect(ours).toContain('<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">');
    expect(childText(commandOf(ours), 'clTRID')).toBe('ABC-12345');
  });

  it("create: name, period in years, name servers (as ZACR's hostAttr), registrant, password", () => {
    const ours = domainCreate({
      name: 'example.com',
      years: 2,
      nameservers: ['ns1.example.net', 'ns2.example.net'],
      registrant: 'jd1234',
      authInfo: '2fooBAR',
    })('ABC-12345');
    const [a, b] = [ours, eppFixture('rfc5731-create-command.xml')].map((xml) =>
      verbOf(xml, 'create', 'create'),
    );
    for (const field of ['name', 'registrant']) {
      expect(childText(a, field)).toBe(childText(b, field));
    }
    expect(text(child(a, 'period'))).toBe(text(child(b, 'period')));
    expect(attr(child(a, 'period'), 'unit')).toBe('y');
    expect(hostNames(child(a, 'ns'))).toEqual(hostNames(child(b, 'ns')));
    expect(childText(child(a, 'authInfo'), 'pw')).toBe(childText(child(b, 'authInfo'), 'pw'));
  });

  it('renew: the current expiry as a date and the period', () => {
    const ours = domainRenew('example.com', new Date('2000-04-03T22:00:00.0Z'), 5)('ABC-12345');
    const [a, b] = [ours, eppFixture('rfc5731-renew-command.xml')].map((xml) =>
      verbOf(xml, 'renew', 'renew'),
    );
    expect(childText(a, 'name')).toBe(childText(b, 'name'));
    expect(childText(a, 'curExpDate')).toBe('2000-04-03');
    expect(childText(a, 'curExpDate')).toBe(childText(b, 'curExpDate'));
    expect(text(child(a, 'period'))).toBe(text(child(b, 'period')));
  });

  it('update: name servers and statuses added and removed, then registrant and password changed', () => {
    const ours = domainUpdate({
      name: 'example.com',
      add: { nameservers: ['ns2.example.com'], statuses: ['clientHold'] },
      rem: { nameservers: ['ns1.example.com'], statuses: ['clientUpdateProhibited'] },
      chg: { registrant: 'sh8013', authInfo: '2BARfoo' },
    })('ABC-12345');
    const [a, b] = [ours, eppFixture('rfc5731-update-command.xml')].map((xml) =>
      verbOf(xml, 'update', 'update'),
    );
    for (const part of ['add', 'rem']) {
      expect(hostNames(child(child(a, part), 'ns'))).toEqual(
        hostNames(child(child(b, part), 'ns')),
      );
      expect(children(child(a, part), 'status').map((s) => attr(s, 's'))).toEqual(
        children(child(b, part), 'status').map((s) => attr(s, 's')),
      );
    }
    expect(childText(child(a, 'chg'), 'registrant')).toBe('sh8013');
    expect(childText(child(child(a, 'chg'), 'authInfo'), 'pw')).toBe('2BARfoo');
    // ZACR wants add, rem, chg in this order.
    expect(ours.indexOf('<domain:add>')).toBeLessThan(ours.indexOf('<domain:rem>'));
    expect(ours.indexOf('<domain:rem>')).toBeLessThan(ours.indexOf('<domain:chg>'));
  });

  it("update: ZACR's autorenew extension as Net::DRI's co.za test expects it", () => {
    const ours = domainUpdate({ name: 'exampledomain.co.za', autoRenew: false })('ABC-12345');
    const theirs = eppFixture('zacr-coza-autorenew-command.xml');
    const extension = (xml: string) => child(child(commandOf(xml), 'extension'), 'update');
    expect(childText(child(extension(ours), 'chg'), 'autorenew')).toBe('false');
    expect(childText(child(extension(ours), 'chg'), 'autorenew')).toBe(
      childText(child(extension(theirs), 'chg'), 'autorenew'),
    );
    expect(ours).toContain('xmlns:cozadomain="http://co.za/epp/extensions/cozadomain-1-0"');
    expect(childText(verbOf(ours, 'update', 'update'), 'name')).toBe('exampledomain.co.za');
    // Nothing else changes: no add, rem or chg in the domain part.
    expect(Object.keys(verbOf(ours, 'update', 'update') ?? {})).toEqual(['name']);
  });

  it("info asks for all hosts and ZACR's extension; transfer, delete and poll carry their op", () => {
    const info = domainInfo('example.co.za')('T1');
    expect(attr(child(verbOf(info, 'info', 'info'), 'name'), 'hosts')).toBe('all');
    expect(info).toContain(
      '<cozadomain:info xmlns:cozadomain="http://co.za/epp/extensions/cozadomain-1-0"/>',
    );
    const transfer = domainTransfer('request', 'example.com', '2fooBAR')('T2');
    expect(attr(child(commandOf(transfer), 'transfer'), 'op')).toBe('request');
    expect(childText(child(verbOf(transfer, 'transfer', 'transfer'), 'authInfo'), 'pw')).toBe(
      '2fooBAR',
    );
    expect(childText(verbOf(domainDelete('example.com')('T3'), 'delete', 'delete'), 'name')).toBe(
      'example.com',
    );
    expect(attr(child(commandOf(pollRequest('T4')), 'poll'), 'op')).toBe('req');
    const ack = child(commandOf(pollAck('12345')('T5')), 'poll');
    expect([attr(ack, 'op'), attr(ack, 'msgID')]).toEqual(['ack', '12345']);
  });

  it('escapes what it is given: a value cannot add elements', () => {
    const xml = domainCheck(['a</domain:name><x>.co.za'])('T');
    expect(names(verbOf(xml, 'check', 'check'), 'name')).toEqual(['a</domain:name><x>.co.za']);
  });
});

describe("contact commands follow ZACR's contact rules", () => {
  const registrant = {
    firstName: 'Thandi',
    lastName: 'Nkosi',
    email: 'thandi@example.co.za',
    phone: '082 555 0101',
    address1: '1 Long Street',
    city: 'Cape Town',
    stateProvince: 'Western Cape',
    postalCode: '8001',
    country: 'za',
    organisation: 'Nkosi & Co',
  };

  it('creates a loc postal address, the phone as +27.number and the country in capitals', () => {
    const xml = contactCreate('sbzabc', registrant)('T');
    const create = verbOf(xml, 'create', 'create');
    const postal = child(create, 'postalInfo');
    expect(attr(postal, 'type')).toBe('loc');
    expect(childText(postal, 'name')).toBe('Thandi Nkosi');
    expect(childText(postal, 'org')).toBe('Nkosi & Co');
    expect(childText(child(postal, 'addr'), 'cc')).toBe('ZA');
    expect(childText(create, 'voice')).toBe('+27.825550101');
    expect(childText(create, 'id')).toBe('sbzabc');
  });

  it("builds RFC 5733's contact create, with ZACR's loc address in place of int", () => {
    const ours = contactCreate('sh8013', {
      firstName: 'John',
      lastName: 'Doe',
      organisation: 'Example Inc.',
      address1: '123 Example Dr.',
      city: 'Dulles',
      stateProvince: 'VA',
      postalCode: '20166-6503',
      country: 'US',
      phone: '+1.7035555555',
      email: 'jdoe@example.com',
    })('ABC-12345');
    const [a, b] = [ours, eppFixture('rfc5733-create-command.xml')].map((xml) =>
      verbOf(xml, 'create', 'create'),
    );
    for (const field of ['id', 'email']) expect(childText(a, field)).toBe(childText(b, field));
    expect(text(child(a, 'voice'))).toBe(text(child(b, 'voice')));
    const [pa, pb] = [a, b].map((node) => child(node, 'postalInfo'));
    for (const field of ['name', 'org']) expect(childText(pa, field)).toBe(childText(pb, field));
    const [addrA, addrB] = [pa, pb].map((node) => child(node, 'addr'));
    for (const field of ['city', 'sp', 'pc', 'cc']) {
      expect(childText(addrA, field)).toBe(childText(addrB, field));
    }
    expect(names(addrA, 'street')).toEqual(names(addrB, 'street').slice(0, 1));
    expect([attr(pa, 'type'), attr(pb, 'type')]).toEqual(['loc', 'int']);
    expect(childText(child(a, 'authInfo'), 'pw')).toMatch(/^[\w-]{16}$/);
    expect(ours).toContain('<contact:create xmlns:contact="urn:ietf:params:xml:ns:contact-1.0">');
  });

  it('writes phones as ZACR asks (+CC.number)', () => {
    expect(eppPhone('+27825550101')).toBe('+27.825550101');
    expect(eppPhone('+27.825550101')).toBe('+27.825550101');
    expect(eppPhone('(082) 555-0101')).toBe('+27.825550101');
    expect(eppPhone('+1.7035555555')).toBe('+1.7035555555');
  });

  it("reads RFC 5733's contact info and ZACR's", () => {
    const rfc = readContactInfo(readResponse(eppFixture('rfc5733-info-response.xml')));
    expect(rfc.id).toBe('sh8013');
    expect(rfc.registrant).toMatchObject({
      firstName: 'John',
      lastName: 'Doe',
      organisation: 'Example Inc.',
      address1: '123 Example Dr.',
      city: 'Dulles',
      postalCode: '20166-6503',
      country: 'US',
      phone: '+1.7035555555',
      email: 'jdoe@example.com',
    });
    const zacr = readContactInfo(
      readResponse(eppFixture('zacr-coza-contact-info-response.xml')),
    ).registrant;
    expect(zacr).toMatchObject({ firstName: 'Test', lastName: 'Contact', country: 'ZA' });
    expect(zacr.organisation).toBeUndefined();
  });
});

describe('answers are read as the RFCs and ZACR print them', () => {
  it('greeting: the services to log in with', () => {
    expect(readGreeting(eppFixture('rfc5730-greeting.xml'))).toEqual({
      serverId: 'Example EPP server epp.example.com',
      objURIs: [
        'urn:ietf:params:xml:ns:obj1',
        'urn:ietf:params:xml:ns:obj2',
        'urn:ietf:params:xml:ns:obj3',
      ],
      extURIs: ['http://custom/obj1ext-1.0'],
    });
  });

  it('check, create, renew, transfer and info', () => {
    expect(readCheck(readResponse(eppFixture('rfc5731-check-response.xml')))).toEqual([
      { name: 'example.com', available: true, reason: undefined },
      { name: 'example.net', available: false, reason: 'In use' },
      { name: 'example.org', available: true, reason: undefined },
    ]);
    expect(readCreate(readResponse(eppFixture('rfc5731-create-response.xml')))).toEqual({
      name: 'example.com',
      expires: new Date('2001-04-03T22:00:00Z'),
    });
    expect(readRenew(readResponse(eppFixture('rfc5731-renew-response.xml'))).expires).toEqual(
      new Date('2005-04-03T22:00:00Z'),
    );
    const transfer = readResponse(eppFixture('rfc5731-transfer-request-response.xml'));
    expect(transfer.code).toBe(1001);
    expect(readTransfer(child(transfer.resData, 'trnData'))).toMatchObject({
      name: 'example.com',
      status: 'pending',
      requestedBy: 'ClientX',
      actBy: 'ClientY',
    });
    expect(readInfo(readResponse(eppFixture('rfc5731-info-response.xml')))).toMatchObject({
      name: 'example.com',
      roid: 'EXAMPLE1-REP',
      statuses: ['ok'],
      registrant: 'jd1234',
      nameservers: ['ns1.example.com', 'ns1.example.net'],
      clID: 'ClientX',
      expires: new Date('2005-04-03T22:00:00Z'),
      transferred: new Date('2000-04-08T09:00:00Z'),
      authInfo: '2fooBAR',
      autoRenew: undefined,
    });
  });

  it("ZACR's co.za info: epp: prefixes, hostAttr name servers and the autorenew flag", () => {
    expect(readInfo(readResponse(eppFixture('zacr-coza-info-response.xml')))).toMatchObject({
      name: 'exampledomain.co.za',
      nameservers: ['ns1.otherdomain.co.za', 'ns2.otherdomain.co.za'],
      clID: 'testrar1',
      statuses: ['ok'],
      authInfo: 'coza',
      autoRenew: true,
    });
  });

  it('poll messages: a transfer (RFC 5730) and a pending action done (RFC 5731 panData)', () => {
    expect(
      readPollMessage(readResponse(eppFixture('rfc5730-poll-transfer-response.xml'))),
    ).toMatchObject({
      id: '12345',
      message: 'Transfer requested.',
      transfer: { name: 'example.com', status: 'pending', requestedBy: 'ClientX' },
    });
    expect(
      readPollMessage(readResponse(eppFixture('rfc5731-poll-pending-action-response.xml'))),
    ).toMatchObject({
      id: '12345',
      message: 'Pending action completed successfully.',
      pendingAction: {
        domain: 'example.com',
        succeeded: true,
        date: new Date('1999-04-04T22:00:00Z'),
      },
    });
    expect(
      readPollMessage(readResponse(eppFixture('rfc5730-poll-empty-response.xml'))),
    ).toBeUndefined();
  });
});

describe('result codes', () => {
  const refusal = (code: number, msg = 'words') =>
    readResponse(
      `<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><result code="${code}"><msg>${msg}</msg></result></response></epp>`,
    );
  const thrown = (code: number, msg?: string) => {
    try {
      expectSuccess(refusal(code, msg));
    } catch (error) {
      return error as EppError;
    }
    throw new Error(`${code} was taken for success`);
  };

  it('1000, 1001, 1300, 1301 and 1500 are answers, not errors', () => {
    for (const code of [1000, 1001, 1300, 1301, 1500]) {
      expect(expectSuccess(refusal(code)).code).toBe(code);
    }
  });

  it("2302, 2303, 2201, 2202 and 2306 are refusals with the registry's own words, not retried", () => {
    for (const code of [2302, 2303, 2201, 2202, 2306]) {
      const error = thrown(code, 'Domain status prohibits operation');
      expect(error).toBeInstanceOf(RegistrarError);
      expect(error.code).toBe(code);
      expect(error.transient).toBe(false);
      expect(error.message).toContain('Domain status prohibits operation');
      expect(error.message).toContain(`EPP ${code}`);
    }
    expect(thrown(2306, 'clientTransferProhibited not supported').message).toBe(
      'ZACR refused: (EPP 2306) clientTransferProhibited not supported',
    );
  });

  it('2400 and 2500–2502 are transient, and 2500–2502 end the session', () => {
    for (const code of [2400, 2500, 2501, 2502]) {
      const error = thrown(code);
      expect(error.transient).toBe(true);
      expect(error.status).toBe(503);
      expect(error.sessionEnded).toBe(code !== 2400);
      expect(error.waitFor).toBeUndefined();
    }
  });

  it("keeps every result's words of RFC 5730's error example", () => {
    expect(() => expectSuccess(readResponse(eppFixture('rfc5730-error-response.xml')))).toThrow(
      'ZACR refused: (EPP 2004) Parameter value range error; Parameter value syntax error; Invalid character found.',
    );
  });

  it('an answer that is not EPP is a transient failure', () => {
    const error = (() => {
      try {
        readResponse('<html><title>502 Bad Gateway</title></html>');
      } catch (e) {
        return e as RegistrarError;
      }
    })();
    expect(error).toBeInstanceOf(RegistrarError);
    expect(error?.transient).toBe(true);
  });
});
