import type { ServerResponse } from 'node:http';
import { dnsimpleFixture, dnsimpleFixtureData } from '../helpers/dnsimple-fixtures.ts';

/** What the stand-in knows of a domain in the account. */
interface ManagedDomain {
  id: number;
  state: string;
  registrantId: number | null;
}

interface Change {
  id: number;
  domainId: number;
  contactId: number;
  state: 'new' | 'completed';
  registryOwnerChange: boolean;
  createdAt: string;
}

type Send = (response: ServerResponse, status: number, body: unknown) => void;

/** The fields of a contact that name its holder: changing one is a change of owner. */
const ownerFields = ['first_name', 'last_name', 'organization_name', 'email'] as const;

/**
 * The stand-in's registrar lock, transfer out, contacts and registrant changes, answered with the
 * shapes and words of DNSimple's fixtures (getDomainTransferLock, enableDomainTransferLock,
 * disableDomainTransferLock, authorizeDomainTransferOut, getContact, checkRegistrantChange,
 * createRegistrantChange, getRegistrantChange, notfound-contact). A registration starts locked;
 * authorize_transfer_out unlocks, as DNSimple documents. A change of the holder's name,
 * organisation or e-mail stays `new` (the registry confirms it, `confirmRegistrantChanges`), any
 * other change is `completed` at once.
 */
export function managementAnswers(options: {
  accountId: number;
  domains: Map<string, ManagedDomain>;
  send: Send;
  noContent: (response: ServerResponse) => void;
  nextId: () => number;
}) {
  const { send } = options;
  const contacts = new Map<number, Record<string, unknown>>();
  const unlocked = new Set<string>();
  const transfersOut: string[] = [];
  const changes = new Map<number, Change>();
  const notFound = (response: ServerResponse, what: string, id: string | number) =>
    send(response, 404, { message: `${what} \`${id}\` not found` });

  /** A contact by id: one created here, or (for domains put in the account by a test) the fixture's. */
  function contact(id: number): Record<string, unknown> | undefined {
    const known = contacts.get(id);
    if (known) return known;
    const used = [...options.domains.values()].some((d) => d.registrantId === id);
    return used
      ? { ...dnsimpleFixtureData('getContact/success'), id, account_id: options.accountId }
      : undefined;
  }

  const changeJson = (change: Change) => ({
    ...dnsimpleFixtureData('getRegistrantChange/success'),
    id: change.id,
    account_id: options.accountId,
    domain_id: change.domainId,
    contact_id: change.contactId,
    state: change.state,
    registry_owner_change: change.registryOwnerChange,
    created_at: change.createdAt,
    updated_at: change.createdAt,
  });

  function domainById(id: unknown) {
    return [...options.domains.entries()].find(([, d]) => d.id === Number(id));
  }

  /** Answers the call when it is one of these; false when it is not. */
  function handle(
    method: string,
    path: string,
    body: Record<string, unknown>,
    response: ServerResponse,
  ): boolean {
    const account = `/v2/${options.accountId}`;
    const contactPath = new RegExp(`^${account}/contacts/(\\d+)$`).exec(path);
    if (contactPath && method === 'GET') {
      const found = contact(Number(contactPath[1]));
      if (!found) notFound(response, 'Contact', contactPath[1]!);
      else send(response, 200, { data: found });
      return true;
    }
    const domainPath = new RegExp(
      `^${account}/registrar/domains/([^/]+)/(transfer_lock|authorize_transfer_out)$`,
    ).exec(path);
    if (domainPath) {
      const name = decodeURIComponent(domainPath[1]!);
      const held = options.domains.get(name);
      if (!held || held.state !== 'registered') {
        notFound(response, 'Domain', name);
      } else if (domainPath[2] === 'authorize_transfer_out' && method === 'POST') {
        unlocked.add(name);
        transfersOut.push(name);
        options.noContent(response);
      } else if (method === 'POST') {
        unlocked.delete(name);
        send(response, 201, { data: { enabled: true } });
      } else if (method === 'DELETE') {
        unlocked.add(name);
        send(response, 200, { data: { enabled: false } });
      } else {
        send(response, 200, { data: { enabled: !unlocked.has(name) } });
      }
      return true;
    }
    const changePath = new RegExp(
      `^${account}/registrar/registrant_changes(?:/(check|\\d+))?$`,
    ).exec(path);
    if (!changePath) return false;
    if (method === 'GET' && changePath[1] && changePath[1] !== 'check') {
      const change = changes.get(Number(changePath[1]));
      if (!change) notFound(response, 'Registrant change', changePath[1]);
      else send(response, 200, { data: changeJson(change) });
      return true;
    }
    const domain = domainById(body.domain_id);
    const newContact = contact(Number(body.contact_id));
    if (!domain) notFound(response, 'Domain', String(body.domain_id));
    else if (!newContact) notFound(response, 'Contact', String(body.contact_id));
    else {
      const old = domain[1].registrantId === null ? undefined : contact(domain[1].registrantId);
      const registryOwnerChange = ownerFields.some(
        (field) => (old?.[field] ?? '') !== (newContact[field] ?? ''),
      );
      if (changePath[1] === 'check') {
        send(response, 200, {
          data: {
            ...dnsimpleFixtureData('checkRegistrantChange/success'),
            domain_id: domain[1].id,
            contact_id: Number(body.contact_id),
            registry_owner_change: registryOwnerChange,
          },
        });
        return true;
      }
      const change: Change = {
        id: options.nextId(),
        domainId: domain[1].id,
        contactId: Number(body.contact_id),
        state: registryOwnerChange ? 'new' : 'completed',
        registryOwnerChange,
        createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      };
      changes.set(change.id, change);
      if (change.state === 'completed') domain[1].registrantId = change.contactId;
      // createRegistrantChange/success.http: 202 while the registry has still to confirm it.
      send(
        response,
        change.state === 'new' ? dnsimpleFixture('createRegistrantChange/success').status : 201,
        {
          data: changeJson(change),
        },
      );
    }
    return true;
  }

  return {
    handle,
    /** Keeps a contact made with POST /contacts, to be read back and changed to. */
    saveContact(contact: Record<string, unknown> & { id: number }) {
      contacts.set(contact.id, contact);
    },
    /** Whether the registrar lock of a name is on. */
    locked: (name: string) => !unlocked.has(name),
    /** Names whose transfer out was authorised (DNSimple mailed their code). */
    transfersOut,
    /** The registry confirms every registrant change waiting on it. */
    confirmRegistrantChanges() {
      for (const change of changes.values()) {
        if (change.state !== 'new') continue;
        change.state = 'completed';
        const domain = domainById(change.domainId);
        if (domain) domain[1].registrantId = change.contactId;
      }
    },
  };
}
