import {
  RegistrarError,
  type Registrar,
  type RegistrarProvider,
  registrarProviders,
} from './registrar.ts';

/** Registrars by name as they read in the back office and in the customers' messages. */
export const registrarNames: Record<RegistrarProvider, string> = {
  local: 'the local registrar',
  dnsimple: 'DNSimple',
  zacr: 'ZACR',
};

/** Where a domain's calls go, as the owners' routing table and our own records say. */
export interface RegistrarRoutes {
  /** Each ending we know with the registrar it is routed to (null: the default registrar). */
  endings(): Promise<Map<string, RegistrarProvider | null>>;
  /** The registrar a live order of ours recorded for the name (it stays where it is held). */
  heldWith(domain: string): Promise<string | null>;
}

/**
 * One registrar to the rest of the shop, many behind it (decision 032): each ending goes to the
 * registrar the owners route it to, and a name we hold or are getting stays with the registrar
 * that has it, whatever the route says later. Calls about the whole account (its list of
 * domains) go to every registrar configured.
 */
export interface RegistrarRouter extends Registrar {
  /** The registrars configured here, the default first. */
  readonly configured: readonly Registrar[];
  /** The registrar that a call about this name goes to. */
  providerFor(domain: string): Promise<RegistrarProvider>;
  /** The registrar an ending is sold through now. */
  providerForEnding(tld: string): Promise<RegistrarProvider>;
  /** The name servers that serve our DNS records for this name (its registrar's own). */
  defaultNameserversFor(domain: string): Promise<readonly string[]>;
}

const isProvider = (value: string | null): value is RegistrarProvider =>
  registrarProviders.includes(value as RegistrarProvider);

/** The longest ending we know that the name ends with (`example.co.za` is `.co.za`, not `.za`). */
export function endingOf(domain: string, endings: Iterable<string>): string | null {
  let found: string | null = null;
  for (const tld of endings) {
    if (domain.endsWith(`.${tld}`) && (!found || tld.length > found.length)) found = tld;
  }
  return found;
}

export function createRegistrarRouter(options: {
  /** The default registrar first: it sells every ending without a route of its own. */
  registrars: readonly [Registrar, ...Registrar[]];
  routes: RegistrarRoutes;
}): RegistrarRouter {
  const [fallback] = options.registrars;
  const byProvider = new Map(options.registrars.map((r) => [r.provider, r]));

  function configuredOrRefuse(provider: RegistrarProvider, what: string): Registrar {
    const registrar = byProvider.get(provider);
    if (registrar) return registrar;
    throw new RegistrarError(
      `${what} is sold through ${registrarNames[provider]}, which is not configured here`,
      { transient: false, status: 502 },
    );
  }

  async function providerForEnding(tld: string): Promise<RegistrarProvider> {
    return (await options.routes.endings()).get(tld) ?? fallback.provider;
  }

  async function providerFor(domain: string): Promise<RegistrarProvider> {
    const held = await options.routes.heldWith(domain);
    if (isProvider(held) && byProvider.has(held)) return held;
    const tld = endingOf(domain, (await options.routes.endings()).keys());
    return tld ? providerForEnding(tld) : fallback.provider;
  }

  const pick = async (domain: string) => configuredOrRefuse(await providerFor(domain), domain);

  return {
    provider: fallback.provider,
    configured: options.registrars,
    defaultNameservers: fallback.defaultNameservers,
    providerFor,
    providerForEnding,
    defaultNameserversFor: async (domain) => (await pick(domain)).defaultNameservers,
    checkAvailability: async (domain, name) => (await pick(domain)).checkAvailability(domain, name),
    premiumPrices: async (domain) => (await pick(domain)).premiumPrices(domain),
    endingPrices: async (tld) =>
      configuredOrRefuse(await providerForEnding(tld), `.${tld}`).endingPrices(tld),
    account: () => fallback.account(),
    async listDomains() {
      const lists = await Promise.all(options.registrars.map((r) => r.listDomains()));
      return lists.flat();
    },
    holds: async (domain) => (await pick(domain)).holds(domain),
    inAccount: async (domain) => (await pick(domain)).inAccount(domain),
    listRecords: async (domain) => (await pick(domain)).listRecords(domain),
    createRecord: async (domain, record) => (await pick(domain)).createRecord(domain, record),
    updateRecord: async (domain, id, record) =>
      (await pick(domain)).updateRecord(domain, id, record),
    deleteRecord: async (domain, id) => (await pick(domain)).deleteRecord(domain, id),
    setAutoRenew: async (domain, autoRenew) => (await pick(domain)).setAutoRenew(domain, autoRenew),
    nameservers: async (domain) => (await pick(domain)).nameservers(domain),
    setNameservers: async (domain, nameservers) =>
      (await pick(domain)).setNameservers(domain, nameservers),
    renew: async (domain, years, premiumPrice) =>
      (await pick(domain)).renew(domain, years, premiumPrice),
    renewalState: async (domain, id) => (await pick(domain)).renewalState(domain, id),
    register: async (input) => (await pick(input.domain)).register(input),
    registrationState: async (domain, id) => (await pick(domain)).registrationState(domain, id),
    transfer: async (input) => (await pick(input.domain)).transfer(input),
    transferState: async (domain, id) => (await pick(domain)).transferState(domain, id),
    transferLock: async (domain) => (await pick(domain)).transferLock(domain),
    setTransferLock: async (domain, locked) => (await pick(domain)).setTransferLock(domain, locked),
    transferCode: async (domain) => (await pick(domain)).transferCode(domain),
    registrant: async (domain) => (await pick(domain)).registrant(domain),
    changeRegistrant: async (domain, registrant) =>
      (await pick(domain)).changeRegistrant(domain, registrant),
  };
}
