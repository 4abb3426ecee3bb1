/**
 * The registrar's own prices per ending (DNSimple's `/prices`), asked every few hours and kept
 * with the time they were asked: our prices stay built on the costs the owners set in the TLD
 * table, and a registrar cost that rose past what such a price covers (the no-loss floor: VAT
 * and PayFast's fee counted) stops those sales and alerts the owners (features/alerts).
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client.ts';
import { registrarPrices, tlds } from '#db/schema/index.ts';
import { domainYearPrice, noLossPriceCents, toZarCents } from '#shared/domain-pricing.ts';
import {
  RegistrarError,
  type EndingPrices,
  type Registrar,
} from '../../integrations/registrar/registrar.ts';

export type PriceKind = 'registration' | 'renewal' | 'transfer';

/** How often the registrar is asked: its prices change rarely, and never without notice. */
export const registrarPricesEveryHours = 6;

export interface RegistrarPricesDeps {
  db: Db;
  registrar: Registrar;
  usdZarRate: number;
  vatRegistered: boolean;
}

/** A kept row as the registrar's prices. */
export const toEndingPrices = (row: typeof registrarPrices.$inferSelect): EndingPrices => ({
  registrationCents: row.registrationCostCents,
  renewalCents: row.renewalCostCents,
  transferCents: row.transferCostCents,
  currency: row.currency,
});

/**
 * Which of an ending's sales would lose money: our price (the table's cost with the markup)
 * below the no-loss floor of what the registrar now charges. Premium endings are sold at cost by
 * the SPEC, so never counted.
 */
export function losingSales(
  deps: Pick<RegistrarPricesDeps, 'usdZarRate' | 'vatRegistered'>,
  table: typeof tlds.$inferSelect,
  live: EndingPrices,
): PriceKind[] {
  if (table.premium) return [];
  const costs: [PriceKind, number, number][] = [
    ['registration', table.registrationCostCents, live.registrationCents],
    ['renewal', table.renewalCostCents, live.renewalCents],
    ['transfer', table.transferCostCents, live.transferCents],
  ];
  return costs
    .filter(([, ours, theirs]) => {
      const price = domainYearPrice(toZarCents(ours, table.currency, deps.usdZarRate), {
        premium: false,
        vatRegistered: deps.vatRegistered,
      }).priceCents;
      const floor = noLossPriceCents(
        toZarCents(theirs, live.currency, deps.usdZarRate),
        deps.vatRegistered,
      );
      return price < floor;
    })
    .map(([kind]) => kind);
}

/**
 * Asks each enabled ending's registrar for its prices and keeps them in one statement (asking
 * twice only refreshes them; the commit tells every process to read the price list again). An
 * ending its registrar refuses to price is taken off sale with the registrar's words (the owners
 * are alerted) until it prices it again or an owner routes the ending elsewhere; a passing
 * failure is thrown, so the job tries again.
 */
export async function refreshRegistrarPrices(
  deps: RegistrarPricesDeps,
  log: FastifyBaseLogger,
  now: Date,
): Promise<{ tld: string; losing: PriceKind[] }[]> {
  const endings = await deps.db.select().from(tlds).where(eq(tlds.enabled, true));
  const rows: (typeof registrarPrices.$inferInsert)[] = [];
  const refused: { tld: string; refusal: string }[] = [];
  for (const table of endings) {
    const live = await deps.registrar.endingPrices(table.tld).catch((error: unknown) => {
      if (error instanceof RegistrarError && !error.transient) {
        log.warn({ tld: table.tld, err: error }, 'registrar prices: ending refused, off sale');
        refused.push({ tld: table.tld, refusal: error.message.slice(0, 500) });
        return null;
      }
      throw error;
    });
    if (!live) continue;
    rows.push({
      tld: table.tld,
      registrationCostCents: live.registrationCents,
      renewalCostCents: live.renewalCents,
      transferCostCents: live.transferCents,
      currency: live.currency,
      losing: losingSales(deps, table, live),
      checkedAt: now,
    });
  }
  await deps.db.transaction(async (tx) => {
    for (const { tld, refusal } of refused) {
      await tx
        .update(tlds)
        .set({ refusal, refusedAt: sql`coalesce(${tlds.refusedAt}, ${now})` })
        .where(eq(tlds.tld, tld));
    }
    const priced = rows.map((row) => row.tld);
    if (priced.length > 0) {
      await tx
        .update(tlds)
        .set({ refusal: null, refusedAt: null })
        .where(and(inArray(tlds.tld, priced), isNotNull(tlds.refusal)));
    }
    if (rows.length === 0) return;
    const fresh = (column: string) => sql.raw(`excluded.${column}`);
    await tx
      .insert(registrarPrices)
      .values(rows)
      .onConflictDoUpdate({
        target: registrarPrices.tld,
        set: {
          registrationCostCents: fresh('registration_cost_cents'),
          renewalCostCents: fresh('renewal_cost_cents'),
          transferCostCents: fresh('transfer_cost_cents'),
          currency: fresh('currency'),
          losing: fresh('losing'),
          checkedAt: fresh('checked_at'),
        },
      });
  });
  return rows.map((row) => ({ tld: row.tld, losing: row.losing }));
}
