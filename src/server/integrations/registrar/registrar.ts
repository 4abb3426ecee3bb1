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

export interface AvailabilityResult {
  available: boolean;
  premium: boolean;
  /**
   * A premium name's own yearly price (cents of `currency`); ordinary names use the TLD table.
   * `quoted` and `renewalQuoted` are the prices as the registrar wrote them, which a premium
   * registration and its renewal must send back.
   */
  premiumPrice?: { cents: number; currency: 'ZAR' | 'USD'; quoted: string; renewalQuoted: string };
}

/** Where a registration or renewal stands: registrars may accept one now and finish it later. */
export type StepState = 'pending' | 'done' | 'failed';

export interface RegistrarStep {
  /** The registrar's id of this registration or renewal, to ask about it again. */
  id: string;
  state: StepState;
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

export interface Registrar {
  readonly provider: 'local' | 'dnsimple';
  checkAvailability(domain: string, name: string): Promise<AvailabilityResult>;
  /** Who we are at the registrar (null for the local registrar). */
  account(): Promise<{ id: string; email: string } | null>;
  /** Every domain our registrar account holds as a registration, across all pages. */
  listDomains(): Promise<string[]>;
  /** Whether our account holds the domain as a registration, and until when. */
  holds(domain: string): Promise<HeldDomain | null>;
  listRecords(domain: string): Promise<ZoneRecord[]>;
  createRecord(domain: string, record: ZoneRecordInput): Promise<ZoneRecord>;
  updateRecord(domain: string, id: string, record: ZoneRecordInput): Promise<ZoneRecord>;
  /** False when there was no such record. */
  deleteRecord(domain: string, id: string): Promise<boolean>;
  setAutoRenew(domain: string, autoRenew: boolean): Promise<void>;
  nameservers(domain: string): Promise<string[]>;
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
  }): Promise<RegistrarStep>;
  transferState(domain: string, id: string): Promise<StepState>;
}

/**
 * An expected registrar failure with a message safe to show: rate limited, unreachable, timed out
 * or refused (then the message carries the registrar's own words). `transient` failures are worth
 * retrying.
 */
export class RegistrarError extends Error {
  readonly transient: boolean;
  readonly status: 429 | 502 | 503 | 504;

  constructor(message: string, options: { transient: boolean; status: 429 | 502 | 503 | 504 }) {
    super(message);
    this.transient = options.transient;
    this.status = options.status;
  }
}
