import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { domainOrders, orderItems, orders } from '#db/schema/index.ts';
import type { RegistrarReconciliation } from '#shared/registrar.schemas.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';

/** Expiry dates a day or less apart agree: registrars keep a date, we keep their timestamp. */
const sameDayMs = 86_400_000;

/**
 * Our records against the registrar's list of our account: names active here that it does not
 * hold, names it holds that we have no active order for (with the last order of that name, if
 * any: a refunded registration the registrar carried out after all shows here), and names whose
 * expiry differs. Asks the registrar once (every page of its list).
 */
export async function reconcileRegistrar(
  db: Db,
  registrar: Registrar,
  now = new Date(),
): Promise<RegistrarReconciliation> {
  const [held, active] = await Promise.all([
    registrar.listDomains(),
    db
      .select({ domain: domainOrders.domain, expiresAt: domainOrders.expiresAt })
      .from(domainOrders)
      .where(
        and(
          eq(domainOrders.status, 'active'),
          inArray(domainOrders.kind, ['registration', 'transfer']),
        ),
      ),
  ]);
  const ours = new Map(active.map((row) => [row.domain, row.expiresAt]));
  const there = new Map(held.map((row) => [row.domain, row.expiresAt]));
  const unknown = held.filter((row) => !ours.has(row.domain));
  return {
    checkedAt: now.toISOString(),
    heldAtRegistrar: held.length,
    missingAtRegistrar: active
      .filter((row) => !there.has(row.domain))
      .map((row) => ({ domain: row.domain, expiresAt: row.expiresAt?.toISOString() ?? null }))
      .sort(byDomain),
    unknownHere: await Promise.all(
      unknown.map(async (row) => ({
        domain: row.domain,
        expiresAt: row.expiresAt.toISOString(),
        lastOrder: await lastOrderOf(db, row.domain),
      })),
    ),
    expiryDiffers: active
      .flatMap((row) => {
        const theirs = there.get(row.domain);
        if (!theirs || !row.expiresAt) return [];
        if (Math.abs(theirs.getTime() - row.expiresAt.getTime()) <= sameDayMs) return [];
        return [
          {
            domain: row.domain,
            ours: row.expiresAt.toISOString(),
            registrar: theirs.toISOString(),
          },
        ];
      })
      .sort(byDomain),
  };
}

const byDomain = (a: { domain: string }, b: { domain: string }) => a.domain.localeCompare(b.domain);

/** The newest order that named the domain, whatever became of it. */
async function lastOrderOf(db: Db, domain: string) {
  const [row] = await db
    .select({ reference: orders.reference, status: domainOrders.status })
    .from(domainOrders)
    .innerJoin(orderItems, eq(orderItems.domainOrderId, domainOrders.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(domainOrders.domain, domain))
    .orderBy(desc(domainOrders.createdAt))
    .limit(1);
  return row ?? null;
}

/** Whether the registrar and our records disagree anywhere. */
export const hasDifferences = (result: RegistrarReconciliation) =>
  result.missingAtRegistrar.length + result.unknownHere.length + result.expiryDiffers.length > 0;
