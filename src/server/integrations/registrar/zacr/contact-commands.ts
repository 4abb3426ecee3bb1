/**
 * Contact commands (RFC 5733) under ZACR's contact rules: an id of at most 16 characters chosen
 * by us, `postalInfo type="loc"`, a street, city, optional province and postal code, the
 * country code, a phone as +CC.number, an e-mail; ZACR ignores authInfo and disclose, which
 * RFC 5733's schema still requires (authInfo) or allows.
 */
import { randomBytes } from 'node:crypto';
import type { Registrant } from '../registrar.ts';
import type { Command } from './domain-commands.ts';
import type { EppResponse } from './epp-response.ts';
import { child, children, childText, commandDocument, ns, text } from './epp-xml.ts';

const contactNs = { '@_xmlns:contact': ns.contact };

/** A new contact id: ZACR allows at most 16 characters; ours start with "sbz". */
export function newContactId(): string {
  return `sbz${randomBytes(8).toString('hex').slice(0, 13)}`;
}

/** ZACR's phone form: "+", the country's dialling code, ".", the rest (+27.825550101). */
export function eppPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (/^\+\d{1,3}\.\d+$/.test(phone.replace(/[\s()-]/g, ''))) return phone.replace(/[\s()-]/g, '');
  if (digits.startsWith('+27')) return `+27.${digits.slice(3)}`;
  if (digits.startsWith('0')) return `+27.${digits.slice(1)}`;
  if (digits.startsWith('27')) return `+27.${digits.slice(2)}`;
  return digits.startsWith('+') ? `+${digits.slice(1, 3)}.${digits.slice(3)}` : digits;
}

function postalInfo(registrant: Registrant) {
  return {
    '@_type': 'loc',
    'contact:name': `${registrant.firstName} ${registrant.lastName}`.trim(),
    ...(registrant.organisation ? { 'contact:org': registrant.organisation } : {}),
    'contact:addr': {
      'contact:street': registrant.address1,
      'contact:city': registrant.city,
      ...(registrant.stateProvince ? { 'contact:sp': registrant.stateProvince } : {}),
      ...(registrant.postalCode ? { 'contact:pc': registrant.postalCode } : {}),
      'contact:cc': registrant.country.toUpperCase(),
    },
  };
}

export const contactCreate =
  (id: string, registrant: Registrant): Command =>
  (clTRID) =>
    commandDocument(
      {
        create: {
          'contact:create': {
            ...contactNs,
            'contact:id': id,
            'contact:postalInfo': postalInfo(registrant),
            'contact:voice': eppPhone(registrant.phone),
            'contact:email': registrant.email,
            // Required by RFC 5733's schema, unused by ZACR: a random one nobody needs to keep.
            'contact:authInfo': { 'contact:pw': randomBytes(12).toString('base64url') },
          },
        },
      },
      clTRID,
    );

export const contactInfo =
  (id: string): Command =>
  (clTRID) =>
    commandDocument({ info: { 'contact:info': { ...contactNs, 'contact:id': id } } }, clTRID);

/** Contact info as a Registrant: the name split at its first space, the first street line. */
export function readContactInfo(response: EppResponse): { id: string; registrant: Registrant } {
  const data = child(response.resData, 'infData');
  const info = children(data, 'postalInfo');
  const postal = info.find((p) => child(p, 'addr')) ?? info[0];
  const addr = child(postal, 'addr');
  const name = (childText(postal, 'name') ?? '').trim();
  const space = name.indexOf(' ');
  const organisation = childText(postal, 'org')?.trim();
  const registrant: Registrant = {
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? '' : name.slice(space + 1),
    email: childText(data, 'email') ?? '',
    phone: childText(data, 'voice') ?? '',
    address1: text(children(addr, 'street')[0]) ?? '',
    city: childText(addr, 'city') ?? '',
    stateProvince: childText(addr, 'sp') ?? '',
    postalCode: childText(addr, 'pc') ?? '',
    country: childText(addr, 'cc') ?? '',
    organisation: organisation || undefined,
  };
  return { id: childText(data, 'id') ?? '', registrant };
}
