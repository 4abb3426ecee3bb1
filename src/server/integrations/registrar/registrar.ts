/** What the shop needs from a registrar; DNSimple and the local registrar both provide it. */

export interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  country: string;
  organisation?: string | undefined;
}

/**
 * A premium name's own yearly price (cents of `currency`); ordinary names use the TLD table.
 * `quoted`, `renewalQuoted` and `transferQuoted` are the prices as the registrar wrote them, which
 * a premium registration, renewal or transfer must send back.
 */
export interface PremiumPrice {
  cents: number;
  currency: 'ZAR' | 'USD';
  quoted: string;
  renewalQuoted: string;
  transferQuoted: string;
}

export interface AvailabilityResult {
  available: boolean;
  premium: boolean;
  premiumPrice?: PremiumPrice;
}

/** What the registrar charges per year for an ordinary (not premium) name of an ending. */
export interface EndingPrices {
  registrationCents: number;
  renewalCents: number;
  transferCents: number;
  currency: 'ZAR' | 'USD';
}

/** Where a registration or renewal stands: registrars may accept one now and finish it later. */
export type StepState = 'pending' | 'done' | 'failed';

export interface RegistrarStep {
  /** The registrar's id of this registration or renewal, to ask about it again. */
  id: string;
  state: StepState;
}

/** A step's state with the registrar's own words on why it failed or was cancelled. */
export interface StepReport {
  state: StepState;
  reason?: string | undefined;
}

export interface RegistrationResult extends RegistrarStep {
  /** Years the registration itself covers (DNSimple: the ending's minimum period, 1 year). */
  years: number;
}

/** A domain our registrar account holds as a registration (not merely a hosted zone). */
export interface HeldDomain {
  reference: string;
  expiresAt: Date;
  /** When the registrar first had it: a registration older than an order is not that order's. */
  since: Date;
}

/** One registration in the registrar's list of our account's domains. */
export interface ListedDomain {
  domain: string;
  expiresAt: Date;
}

export interface ZoneRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  ttl: number;
  priority: number | null;
}

export type ZoneRecordInput = Omit<ZoneRecord, 'id' | 'priority'> & {
  priority?: number | undefined;
};

/** The registrars the shop can sell through; which one sells an ending is the owners' choice. */
export const registrarProviders = ['local', 'dnsimple', 'zacr'] as const;
export type RegistrarProvider = (typeof registrarProviders)[number];

/**
 * The transfer (EPP/auth) code: the code itself where the registrar hands it to us (the local
 * registrar, ZACR's `domain:info`), or `emailed` where the registrar mails it to the registrant's
 * address itself (DNSimple's `authorize_transfer_out`) and never shows it to us.
 */
export type TransferCode = { kind: 'code'; code: string } | { kind: 'emailed'; to: string | null };

/**
 * A registrant change as the registry takes it: `done` at once, or `pending` while the registry
 * (or the old registrant, by mail) confirms it; `reason` carries the registrar's words.
 */
export interface RegistrantChange {
  state: 'done' | 'pending';
  reason?: string | undefined;
}

export interface Registrar {
  readonly provider: RegistrarProvider;
  checkAvailability(domain: string, name: string): Promise<AvailabilityResult>;
  /**
   * A premium name's prices now, null for an ordinary name (not availability: renewals and
   * transfers of names that are taken ask this, not the check).
   */
  premiumPrices(domain: string): Promise<PremiumPrice | null>;
  /** What an ordinary name of the ending costs at the registrar now (not availability). */
  endingPrices(tld: string): Promise<EndingPrices>;
  /** Who we are at the registrar (null for the local registrar). */
  account(): Promise<{ id: string; email: string } | null>;
  /** Every domain our registrar account holds as a registration, across all pages. */
  listDomains(): Promise<ListedDomain[]>;
  /** Whether our account holds the domain as a registration, and until when. */
  holds(domain: string): Promise<HeldDomain | null>;
  /**
   * Whether the domain is in our own account at all: `registered`, still `pending` (a
   * registration or transfer of ours under way) or not ours (null), and since when. Asked before
   * a name that looks taken is refunded: the taker may be our own earlier, unanswered
   * registration.
   */
  inAccount(domain: string): Promise<{ state: 'registered' | 'pending'; since: Date } | null>;
  listRecords(domain: string): Promise<ZoneRecord[]>;
  createRecord(domain: string, record: ZoneRecordInput): Promise<ZoneRecord>;
  updateRecord(domain: string, id: string, record: ZoneRecordInput): Promise<ZoneRecord>;
  /** False when there was no such record. */
  deleteRecord(domain: string, id: string): Promise<boolean>;
  setAutoRenew(domain: string, autoRenew: boolean): Promise<void>;
  nameservers(domain: string): Promise<string[]>;
  /** Delegates the domain to these name servers (a replacement of the list); answers the list. */
  setNameservers(domain: string, nameservers: string[]): Promise<string[]>;
  /** The name servers that serve the DNS records we keep for a domain (the registrar's own). */
  readonly defaultNameservers: readonly string[];
  /** Asks to add `years` to the registration (premium names confirm their renewal price). */
  renew(domain: string, years: number, premiumPrice?: string): Promise<RegistrarStep>;
  renewalState(domain: string, id: string): Promise<StepState>;
  /** Asks to register; the result may still be pending, and may cover fewer than `years`. */
  register(input: {
    domain: string;
    years: number;
    registrant: Registrant;
    privacy: boolean;
    autoRenew: boolean;
    /** Required for a premium name: the registrar's quoted price, as confirmation. */
    premiumPrice?: string | undefined;
  }): Promise<RegistrationResult>;
  registrationState(domain: string, id: string): Promise<StepState>;
  /**
   * Asks to move a registration held at another registrar to our account, with the EPP/auth
   * code its owner got there. Usually pending for days; the registrar adds a year when done.
   */
  transfer(input: {
    domain: string;
    authCode: string;
    registrant: Registrant;
    privacy: boolean;
    autoRenew: boolean;
    /** Required for a premium name: the registrar's quoted transfer price, as confirmation. */
    premiumPrice?: string | undefined;
  }): Promise<RegistrarStep>;
  transferState(domain: string, id: string): Promise<StepReport>;
  /** Whether the registrar lock (EPP `clientTransferProhibited`) is on. */
  transferLock(domain: string): Promise<boolean>;
  /** Turns the registrar lock on or off; answers the lock as it now stands. */
  setTransferLock(domain: string, locked: boolean): Promise<boolean>;
  /**
   * Readies the domain to leave for another registrar and gives its transfer code (or says the
   * registrar mailed it to the registrant). A locked domain is refused: unlock it first.
   */
  transferCode(domain: string): Promise<TransferCode>;
  /** The registrant contact the registry holds for the domain now. */
  registrant(domain: string): Promise<Registrant>;
  /** Replaces the registrant contact under the registry's own rules (see RegistrantChange). */
  changeRegistrant(domain: string, registrant: Registrant): Promise<RegistrantChange>;
}

/**
 * Words every credentials refusal carries, so the owners' alert finds the orders waiting on it
 * (features/alerts).
 */
export const credentialsRefused = 'refused our registrar credentials';

/** Why registrar work waits instead of failing: people must fix our credentials, or a rate limit. */
export type RegistrarWait = 'credentials' | 'rate-limit';

/**
 * An expected registrar failure with a message safe to show: rate limited, unreachable, timed out
 * or refused (then the message carries the registrar's own words). `transient` failures are worth
 * retrying. `waitFor` marks one that no number of tries ends (our credentials refused) or that
 * must not be tried before `retryAt` (the registrar's rate limit resets then): paid work waits.
 */
export class RegistrarError extends Error {
  readonly transient: boolean;
  readonly status: 429 | 502 | 503 | 504;
  readonly waitFor: RegistrarWait | undefined;
  readonly retryAt: Date | undefined;

  constructor(
    message: string,
    options: {
      transient: boolean;
      status: 429 | 502 | 503 | 504;
      waitFor?: RegistrarWait;
      retryAt?: Date;
    },
  ) {
    super(message);
    this.transient = options.transient;
    this.status = options.status;
    this.waitFor = options.waitFor;
    this.retryAt = options.retryAt;
  }
}
