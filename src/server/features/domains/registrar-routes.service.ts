import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { domainOrders, tlds } from '#db/schema/index.ts';
import type { RegistrarRoutes } from '../../integrations/registrar/registrar-router.ts';
import type { RegistrarProvider } from '../../integrations/registrar/registrar.ts';

/**
 * An ending is on sale while the owners sell it and its registrar has not refused it: a refused
 * ending comes back by itself once its registrar prices it again.
 */
export const tldOnSale = and(eq(tlds.enabled, true), isNull(tlds.refusal));

/** How long the routing table is reused: an owner's change forgets it at once in this process. */
const routesCacheMs = 30_000;

/**
 * The owners' routing table (each ending's registrar, in the TLD table) and our own records of
 * where a name is held, as the registrar router asks them.
 */
export function createRegistrarRoutes(db: Db): RegistrarRoutes & {
  forget(): void;
  /** Names our records say a registrar has for us now (a registry that cannot list them). */
  heldAt(provider: RegistrarProvider): Promise<string[]>;
} {
  let cached: { routes: Map<string, RegistrarProvider | null>; until: number } | undefined;
  return {
    async endings() {
      if (cached && cached.until > Date.now()) return cached.routes;
      const rows = await db.select({ tld: tlds.tld, registrar: tlds.registrar }).from(tlds);
      const routes = new Map(rows.map((row) => [row.tld, row.registrar]));
      cached = { routes, until: Date.now() + routesCacheMs };
      return routes;
    },
    async heldWith(domain) {
      const [row] = await db
        .select({ registrar: domainOrders.registrar })
        .from(domainOrders)
        .where(
          and(
            eq(domainOrders.domain, domain),
            inArray(domainOrders.status, ['paid', 'registering', 'active']),
            ne(domainOrders.kind, 'renewal'),
          ),
        )
        .orderBy(desc(domainOrders.createdAt))
        .limit(1);
      return row?.registrar ?? null;
    },
    forget() {
      cached = undefined;
    },
    async heldAt(provider) {
      const rows = await db
        .selectDistinct({ domain: domainOrders.domain })
        .from(domainOrders)
        .where(
          and(
            eq(domainOrders.registrar, provider),
            inArray(domainOrders.status, ['registering', 'active']),
            ne(domainOrders.kind, 'renewal'),
          ),
        );
      return rows.map((row) => row.domain);
    },
  };
}
