import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { localRegistrarDomains, tlds } from '#db/schema/index.ts';
import type { AvailabilityResult, Registrar, RegistrationResult } from './registrar.ts';

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
export function createLocalRegistrar(db: Db): Registrar {
  return {
    provider: 'local',
    async checkAvailability(domain: string, name: string): Promise<AvailabilityResult> {
      const [taken] = await db
        .select({ domain: localRegistrarDomains.domain })
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      const available = !taken && !reserved.has(name);
      if (name.length > 3) return { available, premium: false };
      const tld = domain.slice(name.length + 1);
      const [row] = await db.select().from(tlds).where(eq(tlds.tld, tld));
      return {
        available,
        premium: true,
        premiumPrice: row
          ? { cents: row.registrationCostCents * premiumMultiplier, currency: row.currency }
          : undefined,
      };
    },
    account: async () => null,
    async listDomains() {
      const rows = await db
        .select({ domain: localRegistrarDomains.domain })
        .from(localRegistrarDomains)
        .orderBy(localRegistrarDomains.domain);
      return rows.map((r) => r.domain);
    },
    async holds(domain: string) {
      const [row] = await db
        .select()
        .from(localRegistrarDomains)
        .where(eq(localRegistrarDomains.domain, domain));
      return row ? { reference: `local:${row.domain}`, expiresAt: row.expiresAt } : null;
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
          nameservers: ['ns1.sebenza.local', 'ns2.sebenza.local'],
        })
        // Registering the same name again (a retried job) returns the existing registration.
        .onConflictDoUpdate({
          target: localRegistrarDomains.domain,
          set: { domain: sql`excluded.domain` },
        })
        .returning();
      return { reference: `local:${row!.domain}`, expiresAt: row!.expiresAt };
    },
  };
}
