/**
 * Domain commands (RFC 5731) with ZACR's co.za domain extension (autorenew), built around their
 * clTRID, and their answers read.
 */
import type { EppResponse } from './epp-response.ts';
import { dateOf } from './epp-response.ts';
import {
  attr,
  child,
  children,
  childText,
  commandDocument,
  ns,
  text,
  type XmlNode,
} from './epp-xml.ts';

export type Command = (clTRID: string) => string;

const domainNs = { '@_xmlns:domain': ns.domain };

/** ZACR's extension wrapper: `<cozadomain:{verb}>` with its namespace. */
function cozaDomain(verb: 'info' | 'update', body: XmlNode = {}): XmlNode {
  return { [`cozadomain:${verb}`]: { '@_xmlns:cozadomain': ns.cozadomain, ...body } };
}

/** Name servers as ZACR takes them: `<domain:hostAttr>` (names only, ours are not glue). */
function hostAttrs(nameservers: readonly string[]): XmlNode {
  return { 'domain:hostAttr': nameservers.map((name) => ({ 'domain:hostName': name })) };
}

export const domainCheck =
  (names: readonly string[]): Command =>
  (clTRID) =>
    commandDocument(
      { check: { 'domain:check': { ...domainNs, 'domain:name': [...names] } } },
      clTRID,
    );

export interface CheckedName {
  name: string;
  available: boolean;
  reason: string | undefined;
}

export function readCheck(response: EppResponse): CheckedName[] {
  return children(child(response.resData, 'chkData'), 'cd').map((cd) => {
    const name = children(cd, 'name')[0];
    const avail = attr(name, 'avail');
    return {
      name: (text(name) ?? '').toLowerCase(),
      available: avail === '1' || avail === 'true',
      reason: childText(cd, 'reason'),
    };
  });
}

/** Always asks for ZACR's extension too, which answers the autorenew flag. */
export const domainInfo =
  (name: string): Command =>
  (clTRID) =>
    commandDocument(
      {
        info: {
          'domain:info': { ...domainNs, 'domain:name': { '#text': name, '@_hosts': 'all' } },
        },
      },
      clTRID,
      cozaDomain('info'),
    );

export interface DomainInfo {
  name: string;
  roid: string | undefined;
  statuses: string[];
  registrant: string | undefined;
  nameservers: string[];
  /** The sponsoring registrar: ours when it is our username. */
  clID: string | undefined;
  created: Date | undefined;
  expires: Date | undefined;
  transferred: Date | undefined;
  authInfo: string | undefined;
  /** ZACR's autorenew flag; undefined where the registry has no such extension. */
  autoRenew: boolean | undefined;
}

export function readInfo(response: EppResponse): DomainInfo {
  const data = child(response.resData, 'infData');
  const nsNode = child(data, 'ns');
  const autoRenew = childText(child(response.extension, 'infData'), 'autorenew');
  return {
    name: (childText(data, 'name') ?? '').toLowerCase(),
    roid: childText(data, 'roid'),
    statuses: children(data, 'status').map((status) => attr(status, 's') ?? ''),
    registrant: childText(data, 'registrant'),
    nameservers: [
      ...children(nsNode, 'hostObj').map((host) => text(host) ?? ''),
      ...children(nsNode, 'hostAttr').map((host) => childText(host, 'hostName') ?? ''),
    ].map((host) => host.toLowerCase()),
    clID: childText(data, 'clID'),
    created: dateOf(childText(data, 'crDate')),
    expires: dateOf(childText(data, 'exDate')),
    transferred: dateOf(childText(data, 'trDate')),
    authInfo: childText(child(data, 'authInfo'), 'pw'),
    autoRenew: autoRenew === undefined ? undefined : autoRenew.trim() === 'true',
  };
}

export interface CreateInput {
  name: string;
  years: number;
  nameservers: readonly string[];
  registrant: string;
  /** The transfer password; co.za takes only "coza" (ZACR's create rules). */
  authInfo: string;
}

export const domainCreate =
  (input: CreateInput): Command =>
  (clTRID) =>
    commandDocument(
      {
        create: {
          'domain:create': {
            ...domainNs,
            'domain:name': input.name,
            'domain:period': { '#text': input.years, '@_unit': 'y' },
            'domain:ns': hostAttrs(input.nameservers),
            'domain:registrant': input.registrant,
            'domain:authInfo': { 'domain:pw': input.authInfo },
          },
        },
      },
      clTRID,
    );

export function readCreate(response: EppResponse): { name: string; expires: Date | undefined } {
  const data = child(response.resData, 'creData');
  return {
    name: (childText(data, 'name') ?? '').toLowerCase(),
    expires: dateOf(childText(data, 'exDate')),
  };
}

/**
 * `curExpDate` must be the expiry date exactly as domain:info gave it (RFC 5731 §3.2.3). Without
 * a period the registry renews for its default (co.za takes no period: one year).
 */
export const domainRenew =
  (name: string, currentExpiry: Date, years?: number): Command =>
  (clTRID) =>
    commandDocument(
      {
        renew: {
          'domain:renew': {
            ...domainNs,
            'domain:name': name,
            'domain:curExpDate': currentExpiry.toISOString().slice(0, 10),
            ...(years ? { 'domain:period': { '#text': years, '@_unit': 'y' } } : {}),
          },
        },
      },
      clTRID,
    );

export function readRenew(response: EppResponse): { name: string; expires: Date | undefined } {
  const data = child(response.resData, 'renData');
  return {
    name: (childText(data, 'name') ?? '').toLowerCase(),
    expires: dateOf(childText(data, 'exDate')),
  };
}

export const domainTransfer =
  (op: 'request' | 'query' | 'cancel', name: string, authInfo?: string): Command =>
  (clTRID) =>
    commandDocument(
      {
        transfer: {
          '@_op': op,
          'domain:transfer': {
            ...domainNs,
            'domain:name': name,
            ...(authInfo ? { 'domain:authInfo': { 'domain:pw': authInfo } } : {}),
          },
        },
      },
      clTRID,
    );

export interface TransferData {
  name: string;
  /** RFC 5731: pending, clientApproved, clientCancelled, clientRejected, serverApproved, serverCancelled. */
  status: string;
  requestedBy: string | undefined;
  requestedAt: Date | undefined;
  actBy: string | undefined;
  expires: Date | undefined;
}

export function readTransfer(node: unknown): TransferData {
  return {
    name: (childText(node, 'name') ?? '').toLowerCase(),
    status: childText(node, 'trStatus') ?? '',
    requestedBy: childText(node, 'reID'),
    requestedAt: dateOf(childText(node, 'reDate')),
    actBy: childText(node, 'acID'),
    expires: dateOf(childText(node, 'exDate')),
  };
}

export interface UpdateInput {
  name: string;
  add?: { nameservers?: readonly string[]; statuses?: readonly string[] };
  rem?: { nameservers?: readonly string[]; statuses?: readonly string[] };
  chg?: { registrant?: string; authInfo?: string };
  /** ZACR's autorenew flag (cozadomain:chg). */
  autoRenew?: boolean;
}

function addOrRem(part: UpdateInput['add']): XmlNode | undefined {
  if (!part?.nameservers?.length && !part?.statuses?.length) return undefined;
  return {
    ...(part.nameservers?.length ? { 'domain:ns': hostAttrs(part.nameservers) } : {}),
    ...(part.statuses?.length ? { 'domain:status': part.statuses.map((s) => ({ '@_s': s })) } : {}),
  };
}

/** ZACR wants add, rem, chg in that order (as the RFC's schema); object order keeps it. */
export const domainUpdate =
  (input: UpdateInput): Command =>
  (clTRID) => {
    const add = addOrRem(input.add);
    const rem = addOrRem(input.rem);
    const chg = input.chg?.registrant || input.chg?.authInfo ? input.chg : undefined;
    return commandDocument(
      {
        update: {
          'domain:update': {
            ...domainNs,
            'domain:name': input.name,
            ...(add ? { 'domain:add': add } : {}),
            ...(rem ? { 'domain:rem': rem } : {}),
            ...(chg
              ? {
                  'domain:chg': {
                    ...(chg.registrant ? { 'domain:registrant': chg.registrant } : {}),
                    ...(chg.authInfo ? { 'domain:authInfo': { 'domain:pw': chg.authInfo } } : {}),
                  },
                }
              : {}),
          },
        },
      },
      clTRID,
      input.autoRenew === undefined
        ? undefined
        : cozaDomain('update', {
            'cozadomain:chg': { 'cozadomain:autorenew': input.autoRenew ? 'true' : 'false' },
          }),
    );
  };

/** Within the grace period ZACR suspends, then deletes (answers 1001: pending). */
export const domainDelete =
  (name: string): Command =>
  (clTRID) =>
    commandDocument({ delete: { 'domain:delete': { ...domainNs, 'domain:name': name } } }, clTRID);
