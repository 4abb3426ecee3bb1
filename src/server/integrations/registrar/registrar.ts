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
  /** A premium name's own yearly price (cents of `currency`); ordinary names use the TLD table. */
  premiumPrice?: { cents: number; currency: 'ZAR' | 'USD' };
}

export interface RegistrationResult {
  reference: string;
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

export interface Registrar {
  readonly provider: 'local' | 'dnsimple';
  checkAvailability(domain: string, name: string): Promise<AvailabilityResult>;
  /** Who we are at the registrar (null for the local registrar). */
  account(): Promise<{ id: string; email: string } | null>;
  /** Every domain our registrar account holds. */
  listDomains(): Promise<string[]>;
  /** Whether our account already holds the domain (a registration that finished unrecorded). */
  holds(domain: string): Promise<{ reference: string; expiresAt: Date } | null>;
  listRecords(domain: string): Promise<ZoneRecord[]>;
  createRecord(domain: string, record: ZoneRecordInput): Promise<ZoneRecord>;
  updateRecord(domain: string, id: string, record: ZoneRecordInput): Promise<ZoneRecord>;
  /** False when there was no such record. */
  deleteRecord(domain: string, id: string): Promise<boolean>;
  setAutoRenew(domain: string, autoRenew: boolean): Promise<void>;
  nameservers(domain: string): Promise<string[]>;
  /** Adds `years` to the registration; returns the new expiry. */
  renew(domain: string, years: number): Promise<Date>;
  register(input: {
    domain: string;
    years: number;
    registrant: Registrant;
    privacy: boolean;
    autoRenew: boolean;
  }): Promise<RegistrationResult>;
}

/**
 * An expected registrar failure with a message safe to show: rate limited, unreachable, timed out
 * or refused. `transient` failures are worth retrying.
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
