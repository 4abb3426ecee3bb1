/**
 * ZACR (the .za registry) as a registrar, over EPP. ZACR registers names; it hosts no DNS, so
 * the records of names registered here are kept by `deps.zones` and the names are delegated to
 * ZACR_NAMESERVERS. What EPP does not offer (prices, a list of our names) is explained in
 * docs/decisions/032-zacr-epp.md.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { RegistrarError, type Registrant, type Registrar, type StepState } from '../registrar.ts';
import { contactCreate, contactInfo, newContactId, readContactInfo } from './contact-commands.ts';
import {
  domainCheck,
  domainCreate,
  domainDelete,
  domainInfo,
  domainRenew,
  domainTransfer,
  domainUpdate,
  readCheck,
  readInfo,
  readRenew,
  readTransfer,
  type DomainInfo,
} from './domain-commands.ts';
import { EppError } from './epp-response.ts';
import { EppSession, type EppTimeouts } from './epp-session.ts';
import { child } from './epp-xml.ts';
import { drainPoll, type PollMessage } from './poll.ts';

export interface ZacrConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  certFile: string;
  keyFile: string;
  caFile?: string | undefined;
  nameservers: string[];
}

export interface ZacrDeps {
  /** Where the DNS records of names registered at ZACR are kept (the local record store). */
  zones: Pick<Registrar, 'listRecords' | 'createRecord' | 'updateRecord' | 'deleteRecord'>;
  clock?: () => Date;
  /** The owners' TLD table costs (ZACR publishes its fees as a schedule, not over EPP). */
  tableCosts?: Registrar['endingPrices'];
  /** The names our own records say were registered or transferred at ZACR (EPP cannot list). */
  heldNames?: () => Promise<string[]>;
  /** Tests shorten these. */
  timeouts?: EppTimeouts;
  keepAliveMs?: number;
}

export interface ZacrRegistrar extends Registrar {
  /** Reads and acknowledges the registry's queued messages. */
  pollMessages(limit?: number): Promise<PollMessage[]>;
  /** Deletes a name (within its grace period ZACR refunds it); pending until ZACR finishes. */
  deleteDomain(domain: string): Promise<StepState>;
  /** Logs out. */
  close(): Promise<void>;
}

/**
 * A step may take long at the registry; a command waits behind the one before it (one at a
 * time per session), so each gets well past the slowest answer we expect.
 */
export const zacrTimeouts: EppTimeouts = { connect: 15_000, command: 60_000 };
/** ZACR publishes no idle limit we found; a hello every 5 minutes is cheap and keeps us in. */
const defaultKeepAliveMs = 5 * 60_000;

const transferProhibited = 'clientTransferProhibited';
/** co.za takes only this transfer password (ZACR's domain create rules). */
const cozaPassword = 'coza';
const isCoza = (domain: string) => domain.endsWith('.co.za');

/** An EPP session with ZACR as configured; the certificate files are read at every connect. */
export function zacrSession(
  config: ZacrConfig,
  options: { timeouts?: EppTimeouts | undefined; keepAliveMs?: number | undefined } = {},
): EppSession {
  return new EppSession({
    host: config.host,
    port: config.port,
    username: config.username,
    password: config.password,
    // Read at every connect, so a renewed certificate is used without a restart.
    tls: async () => ({
      cert: await readFile(config.certFile),
      key: await readFile(config.keyFile),
      ...(config.caFile ? { ca: await readFile(config.caFile) } : {}),
    }),
    timeouts: options.timeouts ?? zacrTimeouts,
    keepAliveMs: options.keepAliveMs ?? defaultKeepAliveMs,
  });
}

export function createZacrRegistrar(config: ZacrConfig, deps: ZacrDeps): ZacrRegistrar {
  const clock = deps.clock ?? (() => new Date());
  const session = zacrSession(config, deps);

  const isCode = (error: unknown, code: number) => error instanceof EppError && error.code === code;

  async function info(domain: string): Promise<DomainInfo | null> {
    try {
      return readInfo(await session.command(domainInfo(domain)));
    } catch (error) {
      if (isCode(error, 2303)) return null;
      throw error;
    }
  }

  /** Our registration's info, or a refusal saying it is not ours. */
  async function ours(domain: string): Promise<DomainInfo> {
    const found = await info(domain);
    if (!found || found.clID !== config.username) {
      throw new RegistrarError(`${domain} is not held in our ZACR account`, {
        transient: false,
        status: 502,
      });
    }
    return found;
  }

  async function createContact(registrant: Registrant) {
    const id = newContactId();
    await session.command(contactCreate(id, registrant));
    return id;
  }

  /** Our renewals are paid for: the registry must never renew by itself (see 032). */
  async function autoRenewOff(domain: string): Promise<void> {
    await session.command(domainUpdate({ name: domain, autoRenew: false }));
  }

  const stepOf = (code: number): StepState => (code === 1001 ? 'pending' : 'done');

  return {
    provider: 'zacr',
    async checkAvailability(domain) {
      const [checked] = readCheck(await session.command(domainCheck([domain])));
      // co.za has no premium tier (see 032).
      return { available: checked?.available ?? false, premium: false };
    },
    premiumPrices: async () => null,
    async endingPrices(tld) {
      if (deps.tableCosts) return deps.tableCosts(tld);
      throw new RegistrarError('ZACR publishes no prices over EPP', {
        transient: false,
        status: 502,
      });
    },
    async account() {
      // ZACR keeps the registrar itself as a contact under its username (with its balance).
      try {
        const me = readContactInfo(await session.command(contactInfo(config.username)));
        return { id: config.username, email: me.registrant.email };
      } catch (error) {
        if (isCode(error, 2303)) return { id: config.username, email: '' };
        throw error;
      }
    },
    async listDomains() {
      const listed = [];
      for (const name of deps.heldNames ? await deps.heldNames() : []) {
        const found = await info(name);
        if (found?.clID === config.username && found.expires) {
          listed.push({ domain: found.name || name, expiresAt: found.expires });
        }
      }
      return listed.sort((a, b) => a.domain.localeCompare(b.domain));
    },
    async holds(domain) {
      const found = await info(domain);
      if (found?.clID !== config.username || !found.expires) return null;
      return {
        reference: `zacr:${found.roid ?? domain}`,
        expiresAt: found.expires,
        since: found.transferred ?? found.created ?? clock(),
      };
    },
    async inAccount(domain) {
      const found = await info(domain);
      if (!found) return null;
      if (found.clID === config.username) {
        const since = found.transferred ?? found.created ?? clock();
        const pending = found.statuses.includes('pendingCreate');
        return { state: pending ? 'pending' : 'registered', since };
      }
      if (!found.statuses.includes('pendingTransfer')) return null;
      const response = await session.command(domainTransfer('query', domain));
      const transfer = readTransfer(child(response.resData, 'trnData'));
      return transfer.requestedBy === config.username && transfer.status === 'pending'
        ? { state: 'pending', since: transfer.requestedAt ?? clock() }
        : null;
    },
    listRecords: (domain) => deps.zones.listRecords(domain),
    createRecord: (domain, record) => deps.zones.createRecord(domain, record),
    updateRecord: (domain, id, record) => deps.zones.updateRecord(domain, id, record),
    deleteRecord: (domain, id) => deps.zones.deleteRecord(domain, id),
    async setAutoRenew(domain, autoRenew) {
      await session.command(domainUpdate({ name: domain, autoRenew }));
    },
    async nameservers(domain) {
      return (await info(domain))?.nameservers ?? [];
    },
    async setNameservers(domain, nameservers) {
      const wanted = nameservers.map((host) => host.toLowerCase());
      const current = (await ours(domain)).nameservers;
      const add = wanted.filter((host) => !current.includes(host));
      const rem = current.filter((host) => !wanted.includes(host));
      if (add.length || rem.length) {
        await session.command(
          domainUpdate({ name: domain, add: { nameservers: add }, rem: { nameservers: rem } }),
        );
      }
      return wanted;
    },
    defaultNameservers: config.nameservers,
    async renew(domain, years) {
      const { expires } = await ours(domain);
      if (!expires) {
        throw new RegistrarError(`ZACR gave no expiry date for ${domain}`, {
          transient: true,
          status: 502,
        });
      }
      // The id keeps the expiry before: the renewal is done once the expiry moved past it.
      const id = `zacr-renew:${domain}:${expires.toISOString()}`;
      if (!isCoza(domain)) {
        const response = await session.command(domainRenew(domain, expires, years));
        return { id, state: stepOf(response.code) };
      }
      // co.za takes no period and renews one year at a time, each from the expiry it moved to.
      let current = expires;
      for (let year = 0; year < years; year++) {
        const response = await session.command(domainRenew(domain, current));
        const moved = readRenew(response).expires;
        if (response.code === 1001 || !moved) return { id, state: 'pending' };
        current = moved;
      }
      return { id, state: 'done' };
    },
    async renewalState(domain, id) {
      const before = new Date(id.slice(-'2000-01-01T00:00:00.000Z'.length));
      const found = await info(domain);
      if (found?.clID !== config.username) return 'failed';
      return found.expires && found.expires > before ? 'done' : 'pending';
    },
    async register(input) {
      const registrant = await createContact(input.registrant);
      // co.za registers for exactly one year (ZACR's rule); renewals add the rest.
      const years = isCoza(input.domain) ? 1 : input.years;
      const response = await session.command(
        domainCreate({
          name: input.domain,
          years,
          nameservers: config.nameservers,
          registrant,
          authInfo: isCoza(input.domain) ? cozaPassword : randomBytes(12).toString('base64url'),
        }),
      );
      try {
        await autoRenewOff(input.domain);
      } catch {
        // registrationState sends it again while the registry still says autorenew is on.
      }
      return { id: `zacr-create:${input.domain}`, state: stepOf(response.code), years };
    },
    async registrationState(domain) {
      const found = await info(domain);
      if (found?.clID !== config.username) return 'failed';
      if (found.autoRenew && !found.statuses.includes('pendingUpdate')) {
        await autoRenewOff(domain);
      }
      return found.statuses.includes('pendingCreate') ? 'pending' : 'done';
    },
    async transfer(input) {
      const response = await session.command(
        // co.za uses no transfer codes: the registrant approves by the registry's e-mail.
        domainTransfer('request', input.domain, isCoza(input.domain) ? undefined : input.authCode),
      );
      return { id: `zacr-transfer:${input.domain}`, state: stepOf(response.code) };
    },
    async transferState(domain) {
      try {
        const response = await session.command(domainTransfer('query', domain));
        const { status } = readTransfer(child(response.resData, 'trnData'));
        if (status === 'pending') return { state: 'pending' };
        if (status === 'clientApproved' || status === 'serverApproved') return { state: 'done' };
        return { state: 'failed', reason: `ZACR: transfer ${status}` };
      } catch (error) {
        // 2301: no transfer pending any more; the name is ours or the transfer ended.
        if (!isCode(error, 2301)) throw error;
        const found = await info(domain);
        return found?.clID === config.username
          ? { state: 'done' }
          : { state: 'failed', reason: `ZACR: ${(error as EppError).message}` };
      }
    },
    async transferLock(domain) {
      return (await ours(domain)).statuses.includes(transferProhibited);
    },
    async setTransferLock(domain, locked) {
      const current = (await ours(domain)).statuses.includes(transferProhibited);
      if (current === locked) return current;
      const change = { statuses: [transferProhibited] };
      // co.za refuses this status (2306, "not supported"): the registry's words reach the owner.
      const response = await session.command(
        domainUpdate({ name: domain, ...(locked ? { add: change } : { rem: change }) }),
      );
      return response.code === 1000 ? locked : current;
    },
    async transferCode(domain) {
      const found = await ours(domain);
      if (found.statuses.includes(transferProhibited)) {
        throw new RegistrarError(`${domain} is locked: unlock it before asking for its code`, {
          transient: false,
          status: 502,
        });
      }
      if (found.authInfo) return { kind: 'code', code: found.authInfo };
      const code = isCoza(domain) ? cozaPassword : randomBytes(12).toString('base64url');
      await session.command(domainUpdate({ name: domain, chg: { authInfo: code } }));
      return { kind: 'code', code };
    },
    async registrant(domain) {
      const { registrant } = await ours(domain);
      if (!registrant) {
        throw new RegistrarError(`ZACR gave no registrant for ${domain}`, {
          transient: false,
          status: 502,
        });
      }
      return readContactInfo(await session.command(contactInfo(registrant))).registrant;
    },
    async changeRegistrant(domain, registrant) {
      await ours(domain);
      // ZACR's way: a new contact, then the domain's registrant changed to it (5 days pending).
      const id = await createContact(registrant);
      const response = await session.command(
        domainUpdate({ name: domain, chg: { registrant: id } }),
      );
      return response.code === 1001
        ? { state: 'pending', reason: response.message || undefined }
        : { state: 'done' };
    },
    pollMessages: (limit) => drainPoll(session, limit),
    async deleteDomain(domain) {
      return stepOf((await session.command(domainDelete(domain))).code);
    },
    close: () => session.close(),
  };
}
