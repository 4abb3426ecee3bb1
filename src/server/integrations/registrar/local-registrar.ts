import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { localRegistrarDomains, localRegistrarRecords, tlds } from '#db/schema/index.ts';
import {
  RegistrarError,
  type AvailabilityResult,
  type PremiumPrice,
  type Registrar,
  type Registrant,
  type RegistrationResult,
  type ZoneRecord,
} from './registrar.ts';

const toRecord = (row: typeof localRegistrarRecords.$inferSelect): ZoneRecord => ({
  id: row.id,
  type: row.type,
  name: row.name,
  content: row.content,
  ttl: row.ttl,
  priority: row.priority,
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Names nobody may register here: well-known brands and public bodies. */
const reserved = new Set([
  'absa',
  'amazon',
  'apple',
  'capitec',
  'facebook',
  'fnb',
  'gov',
  'google',
  'microsoft',
  'mtn',
  'nedbank',
  'sars',
  'cipc',
  'standardbank',
  'takealot',
  'telkom',
  'vodacom',
  'whatsapp',
]);

/** Names of three characters or fewer are premium, at ten times the ending's price. */
const premiumMultiplier = 10;

/**
 * The embedded registrar: availability is "not registered here and not reserved"; prices come
 * from the TLD table. Good for offline development and for endings DNSimple does not sell.
 */
/** The local registrar's own name servers: what a domain registered here is delegated to. */
const ourNameservers = ['ns1.sebenza.local', 'ns2.sebenza.local'];

export function createLocalRegistrar(db: Db): Registrar {
  async function premiumPrices(domain: string): Promise<PremiumPrice | null> {
    const name = domain.slice(0, domain.indexOf('.'));
    if (name.length > 3) return null;
    const [row] = await db
      .select()
      .from(tlds)
      .where(eq(tlds.tld, domain.slice(name.length + 1)));
    if (!row) return null;
    const cents = row.registrationCostCents * premiumMultiplier;
    const quoted = centsToDecimalString(cents);
    return { cents, currency: row.currency, quoted, renewalQuoted: quoted, transferQuoted: quoted };
  }

  async function heldHere(domain: string) {
    const [row] = await db
      .select()
      .from(localRegistrarDomains)
      .where(eq(localRegistrarDomains.domain, domain));
    return row;
  }

  /** The domain's row, or the RangeError every "not held here" is. */
  async function held(domain: string) {
    const row = await heldHere(domain);
    if (!row) throw new RangeError(`${domain} is not held here`);
    return row;
  }

  return {
    provider: 'local',
    async checkAvailability(domain: string, name: string): Promise<AvailabilityResult> {
      const [taken] = await db
        .select({ domain: localRegistrarDomains.domain })
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      const available = !taken && !reserved.has(name);
      if (name.length > 3) return { available, premium: false };
      const premiumPrice = await premiumPrices(domain);
      return premiumPrice
        ? { available, premium: true, premiumPrice }
        : { available, premium: true };
    },
    premiumPrices,
    async endingPrices(tld) {
      // This registrar's prices are the table's own.
      const [row] = await db.select().from(tlds).where(eq(tlds.tld, tld));
      if (!row) {
        throw new RegistrarError(`.${tld} is not sold here`, { transient: false, status: 502 });
      }
      return {
        registrationCents: row.registrationCostCents,
        renewalCents: row.renewalCostCents,
        transferCents: row.transferCostCents,
        currency: row.currency,
      };
    },
    account: async () => null,
    async listRecords(domain) {
      const rows = await db
        .select()
        .from(localRegistrarRecords)
        .where(eq(localRegistrarRecords.domain, domain))
        .orderBy(asc(localRegistrarRecords.type), asc(localRegistrarRecords.name));
      return rows.map(toRecord);
    },
    async createRecord(domain, record) {
      const [row] = await db
        .insert(localRegistrarRecords)
        .values({ domain, ...record, priority: record.priority ?? null })
        .returning();
      return toRecord(row!);
    },
    async updateRecord(domain, id, record) {
      const [row] = uuidPattern.test(id)
        ? await db
            .update(localRegistrarRecords)
            .set({ ...record, priority: record.priority ?? null })
            .where(and(eq(localRegistrarRecords.domain, domain), eq(localRegistrarRecords.id, id)))
            .returning()
        : [];
      if (!row) throw new RangeError('no such record');
      return toRecord(row);
    },
    async deleteRecord(domain, id) {
      if (!uuidPattern.test(id)) return false;
      const rows = await db
        .delete(localRegistrarRecords)
        .where(and(eq(localRegistrarRecords.domain, domain), eq(localRegistrarRecords.id, id)))
        .returning({ id: localRegistrarRecords.id });
      return rows.length > 0;
    },
    async setNameservers(domain, nameservers) {
      const [row] = await db
        .update(localRegistrarDomains)
        .set({ nameservers })
        .where(eq(localRegistrarDomains.domain, domain))
        .returning({ nameservers: localRegistrarDomains.nameservers });
      if (!row) throw new RangeError(`${domain} is not held here`);
      return row.nameservers;
    },
    defaultNameservers: ourNameservers,
    async nameservers(domain) {
      const [row] = await db
        .select({ nameservers: localRegistrarDomains.nameservers })
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      return row?.nameservers ?? [];
    },
    async renew(domain, years) {
      const [row] = await db
        .update(localRegistrarDomains)
        .set({
          expiresAt: sql`${localRegistrarDomains.expiresAt} + make_interval(years => ${years})`,
        })
        .where(eq(localRegistrarDomains.domain, domain))
        .returning();
      if (!row) throw new RangeError(`${domain} is not held here`);
      // Renewed at once: this registrar has nothing to wait for.
      return { id: `local:${domain}:${row.expiresAt.toISOString()}`, state: 'done' };
    },
    renewalState: async () => 'done',
    async registrationState(domain) {
      const [row] = await db
        .select({ domain: localRegistrarDomains.domain })
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      return row ? 'done' : 'failed';
    },
    async setAutoRenew(domain, autoRenew) {
      await db
        .update(localRegistrarDomains)
        .set({ autoRenew })
        .where(eq(localRegistrarDomains.domain, domain));
    },
    async listDomains() {
      return db
        .select({
          domain: localRegistrarDomains.domain,
          expiresAt: localRegistrarDomains.expiresAt,
        })
        .from(localRegistrarDomains)
        .orderBy(localRegistrarDomains.domain);
    },
    async holds(domain: string) {
      const row = await heldHere(domain);
      return row
        ? { reference: `local:${row.domain}`, expiresAt: row.expiresAt, since: row.registeredAt }
        : null;
    },
    async inAccount(domain: string) {
      const [row] = await db
        .select({ since: localRegistrarDomains.registeredAt })
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      // Everything here is done at once: a name held here is registered.
      return row ? { state: 'registered' as const, since: row.since } : null;
    },
    async transfer(input) {
      const [row] = await db
        .insert(localRegistrarDomains)
        .values({
          domain: input.domain,
          registrant: { ...input.registrant },
          // A transfer adds a year to the registration, as registrars do.
          expiresAt: sql`now() + make_interval(years => 1)`,
          autoRenew: input.autoRenew,
          privacy: input.privacy,
          nameservers: [...ourNameservers],
        })
        .onConflictDoNothing({ target: localRegistrarDomains.domain })
        .returning();
      // A name held here moves to its new registrant as a registry moves it between registrars:
      // only while unlocked and with the code last handed out, which it uses up.
      const moved =
        row ??
        (
          await db
            .update(localRegistrarDomains)
            .set({
              registrant: { ...input.registrant },
              expiresAt: sql`${localRegistrarDomains.expiresAt} + make_interval(years => 1)`,
              autoRenew: input.autoRenew,
              privacy: input.privacy,
              nameservers: [...ourNameservers],
              transferLock: true,
              authCode: null,
            })
            .where(
              and(
                eq(localRegistrarDomains.domain, input.domain),
                eq(localRegistrarDomains.transferLock, false),
                eq(localRegistrarDomains.authCode, input.authCode),
              ),
            )
            .returning()
        )[0];
      if (!moved) {
        const locked = (await heldHere(input.domain))?.transferLock;
        throw new RegistrarError(
          locked
            ? `${input.domain} is locked at its registrar: its owner must turn the registrar lock off first`
            : `The transfer code for ${input.domain} is not the one its registrar gave out`,
          { transient: false, status: 502 },
        );
      }
      // This registrar has no other registrar to wait for: the transfer is done at once.
      return { id: `local-transfer:${moved.domain}`, state: 'done' };
    },
    async transferState(domain) {
      const [row] = await db
        .select({ domain: localRegistrarDomains.domain })
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      return { state: row ? 'done' : 'failed' };
    },
    async transferLock(domain) {
      return (await held(domain)).transferLock;
    },
    async setTransferLock(domain, locked) {
      const [row] = await db
        .update(localRegistrarDomains)
        .set({ transferLock: locked })
        .where(eq(localRegistrarDomains.domain, domain))
        .returning({ locked: localRegistrarDomains.transferLock });
      if (!row) throw new RangeError(`${domain} is not held here`);
      return row.locked;
    },
    async transferCode(domain) {
      // A fresh code each time, so a code handed out before (and perhaps seen by others) is void.
      const code = randomBytes(12).toString('base64url');
      const [row] = await db
        .update(localRegistrarDomains)
        .set({ authCode: code })
        .where(
          and(
            eq(localRegistrarDomains.domain, domain),
            eq(localRegistrarDomains.transferLock, false),
          ),
        )
        .returning({ domain: localRegistrarDomains.domain });
      if (!row) {
        await held(domain);
        throw new RegistrarError(
          `${domain} is locked: turn the registrar lock off before asking for its transfer code`,
          { transient: false, status: 502 },
        );
      }
      return { kind: 'code', code };
    },
    async registrant(domain) {
      return (await held(domain)).registrant as unknown as Registrant;
    },
    async changeRegistrant(domain, registrant) {
      const [row] = await db
        .update(localRegistrarDomains)
        .set({ registrant: { ...registrant } })
        .where(eq(localRegistrarDomains.domain, domain))
        .returning({ domain: localRegistrarDomains.domain });
      if (!row) throw new RangeError(`${domain} is not held here`);
      // This registrar is its own registry: nobody else confirms the change.
      return { state: 'done' };
    },
    async register(input): Promise<RegistrationResult> {
      const [row] = await db
        .insert(localRegistrarDomains)
        .values({
          domain: input.domain,
          registrant: { ...input.registrant },
          expiresAt: sql`now() + make_interval(years => ${input.years})`,
          autoRenew: input.autoRenew,
          privacy: input.privacy,
          nameservers: [...ourNameservers],
        })
        // A name registered here already belongs to someone: never hand it to a second owner.
        .onConflictDoNothing({ target: localRegistrarDomains.domain })
        .returning();
      if (!row) {
        throw new RegistrarError(`${input.domain} is already registered`, {
          transient: false,
          status: 502,
        });
      }
      // The whole period at once, registered at once.
      return { id: `local:${row.domain}`, state: 'done', years: input.years };
    },
  };
}
