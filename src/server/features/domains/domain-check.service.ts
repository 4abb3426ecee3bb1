import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { registrarPrices, tlds } from '#db/schema/index.ts';
import { normaliseDomain } from '#shared/domain-name.ts';
import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { domainYearPrice, toZarCents, type DomainYearPrice } from '#shared/domain-pricing.ts';
import { centsToRand, randToCents } from '#shared/money.ts';
import {
  RegistrarError,
  type AvailabilityResult,
  type PremiumPrice,
  type Registrar,
} from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { heldMessage, liveOrderFor, NameHeldError } from './domain-holds.service.ts';
import { tldOnSale } from './registrar-routes.service.ts';
import { losingSales, toEndingPrices, type PriceKind } from './registrar-prices.service.ts';

/** An ending we sell, with the sales the registrar's current cost would make lose money. */
type TldRow = typeof tlds.$inferSelect & { losing: PriceKind[] };

/** A tiny time-based memory: the registrar's answers for ten minutes, the TLD table for an hour. */
function memo<T>(ttlMs: number) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (entry && entry.until > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    forget: () => entries.clear(),
    delete: (key: string) => entries.delete(key),
    set(key: string, value: T) {
      if (entries.size > 10_000) entries.clear();
      entries.set(key, { value, until: Date.now() + ttlMs });
    },
  };
}

export interface DomainCheckerOptions {
  db: Db;
  registrar: Registrar;
  usdZarRate: number;
  /** With a VAT number we charge VAT on top of the marked-up cost. */
  vatRegistered: boolean;
}

/** An answer with what a year costs us (excluding VAT), which the public answer leaves out. */
interface PricedCheck {
  result: DomainCheckResult;
  yearCostCents: number;
  /** Another customer's unpaid order holds the name for now. */
  onHold: boolean;
  /** When the registrar gave the availability this answer is built on (it may be cached). */
  checkedAt: Date;
  /** A premium name's own prices, as the registrar quoted them. */
  premiumPrice: PremiumPrice | undefined;
}

/**
 * How long the registrar's availability answer for a name is reused. DNSimple's check endpoint
 * has stricter limits than the rest of its API and is meant for just before registering: searches
 * and carts reuse an answer this long (the hold of a name by an order is always read afresh), and
 * the registration or transfer job asks again, uncached, right before it acts.
 */
export const availabilityCacheMs = 10 * 60_000;

/** How long a search's whole answer (availability, holds, price) is reused. */
export const searchCacheMs = 60_000;

export function createDomainChecker(options: DomainCheckerOptions) {
  const tldCache = memo<TldRow[]>(3_600_000);
  const answerCache = memo<{ availability: AvailabilityResult; at: Date }>(availabilityCacheMs);
  // The whole search answer, holds included, for a minute: searches are the busiest route, and a
  // hold or order of the name forgets it here; quotes and orders always read holds afresh.
  const searchCache = memo<{
    result: DomainCheckResult;
    checkedAt: Date;
    premiumPrice: PremiumPrice | undefined;
  }>(searchCacheMs);

  async function enabledTlds(): Promise<TldRow[]> {
    const cached = tldCache.get('all');
    if (cached) return cached;
    const found = await options.db
      .select()
      .from(tlds)
      .leftJoin(registrarPrices, eq(registrarPrices.tld, tlds.tld))
      .where(tldOnSale)
      .orderBy(asc(tlds.sort));
    // Judged on the table as it is now, so a cost an owner raised sells again at once.
    const rows = found.map(({ tlds: row, registrar_prices: live }) => ({
      ...row,
      losing: live ? losingSales(options, row, toEndingPrices(live)) : [],
    }));
    tldCache.set('all', rows);
    return rows;
  }

  /** A year at `cents` of `currency`, priced as SPEC §3 and the VAT rule say. */
  function yearPrice(cents: number, currency: string, premium: boolean): DomainYearPrice {
    return domainYearPrice(toZarCents(cents, currency, options.usdZarRate), {
      premium,
      vatRegistered: options.vatRegistered,
    });
  }

  /**
   * Availability and price of one name, on the registrar's answer of the last ten minutes when
   * there is one. Whether an order holds the name is read every time; `forUser`'s own unpaid
   * order does not keep the name from them.
   */
  async function priced(input: string, forUser?: string): Promise<PricedCheck> {
    const rows = await enabledTlds();
    const normalised = normaliseDomain(
      input,
      rows.map((r) => r.tld),
    );
    if (!normalised.ok) throw new AppError('BAD_REQUEST', { message: normalised.error });
    const tld = rows.find((r) => r.tld === normalised.tld)!;
    if (tld.losing.includes('registration')) {
      // The registrar's cost rose past what our price covers (the owners are alerted).
      throw new AppError('BAD_REQUEST', {
        message: `${normalised.domain} can't be registered here at the moment`,
      });
    }
    const cached = answerCache.get(normalised.domain);
    const answer = cached ?? {
      availability: await options.registrar
        .checkAvailability(normalised.domain, normalised.name)
        .catch((error: unknown) => {
          // The registrar does not sell this ending (DNSimple: "TLD .LOVE is not supported").
          if (error instanceof RegistrarError && !error.transient) {
            throw new AppError('BAD_REQUEST', {
              message: `${normalised.domain} can't be registered here (${error.message})`,
            });
          }
          throw error;
        }),
      at: new Date(),
    };
    if (!cached) answerCache.set(normalised.domain, answer);
    const { availability } = answer;
    const cost = availability.premiumPrice ?? {
      cents: tld.registrationCostCents,
      currency: tld.currency,
    };
    const premium = availability.premium || tld.premium;
    const year = yearPrice(cost.cents, cost.currency, premium);
    const found = availability.available ? await liveOrderFor(options.db, normalised.domain) : null;
    const ownHold = found?.status === 'pending_payment' && found.userId === forUser;
    const holder = ownHold ? null : found;
    const available = availability.available && !holder;
    const onHold = holder?.status === 'pending_payment';
    const result: DomainCheckResult = {
      available,
      message: available
        ? `${normalised.domain} is available!`
        : onHold
          ? heldMessage(normalised.domain)
          : `${normalised.domain} is already registered. Try another name or ending.`,
      price: centsToRand(year.priceCents),
      currency: 'ZAR',
      originalPrice: centsToRand(year.originalCents),
      premium,
      domain: normalised.domain,
    };
    return {
      result,
      yearCostCents: year.costCents,
      onHold,
      checkedAt: answer.at,
      premiumPrice: availability.premiumPrice,
    };
  }

  /**
   * The search answer, when the registrar gave the availability it is built on, and a premium
   * name's own prices (a transfer in is charged at its premium transfer price).
   */
  const check = async (input: string) => {
    const cached = searchCache.get(input.trim().toLowerCase());
    if (cached) return cached;
    const { result, checkedAt, premiumPrice } = await priced(input);
    const answer = { result, checkedAt, premiumPrice };
    searchCache.set(input.trim().toLowerCase(), answer);
    return answer;
  };

  /** The price list of /buy-domain: every enabled ending, per year incl. VAT. */
  async function priceList() {
    return (await enabledTlds()).map((row) => {
      const zar = (cents: number) =>
        centsToRand(yearPrice(cents, row.currency, row.premium).priceCents);
      return {
        tld: row.tld,
        registration: zar(row.registrationCostCents),
        renewal: zar(row.renewalCostCents),
        transfer: zar(row.transferCostCents),
      };
    });
  }

  /**
   * The server's price for `years` of an available domain: what the cart line will cost, and
   * (for the order) what the registrar charges us for them.
   */
  async function quote(domain: string, years: number, quoteOptions: { userId?: string } = {}) {
    const { result, yearCostCents, onHold } = await priced(domain, quoteOptions.userId);
    if (onHold) throw new NameHeldError(result.domain);
    if (!result.available) {
      throw new AppError('CONFLICT', { message: `${result.domain} is no longer available` });
    }
    const priceCents = randToCents(result.price);
    return {
      domain: result.domain,
      years,
      pricePerYear: result.price,
      total: centsToRand(priceCents * years),
      premium: result.premium,
      totalCents: priceCents * years,
      registrarCostCents: yearCostCents * years,
    };
  }

  return {
    check,
    priceList,
    /** The exchange rate and VAT rule renewals and transfers are priced with. */
    pricing: { usdZarRate: options.usdZarRate, vatRegistered: options.vatRegistered },
    quote,
    yearPrice,
    /** A name's next check asks the registrar again (it was just ordered or registered). */
    forget(domain: string) {
      answerCache.delete(domain);
      searchCache.delete(domain);
    },
    /** After an admin changes the TLD table, its next read is fresh. */
    forgetPrices() {
      tldCache.forget();
      answerCache.forget();
      searchCache.forget();
    },
  };
}

export type DomainChecker = ReturnType<typeof createDomainChecker>;
