import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { tlds } from '#db/schema/index.ts';
import { normaliseDomain } from '#shared/domain-name.ts';
import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { customerPriceCents, toZarCents } from '#shared/domain-pricing.ts';
import { centsToRand } from '#shared/money.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';

type TldRow = typeof tlds.$inferSelect;

/** A tiny time-based memory: availability for a minute, the TLD table for an hour. */
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
    set(key: string, value: T) {
      if (entries.size > 10_000) entries.clear();
      entries.set(key, { value, until: Date.now() + ttlMs });
    },
  };
}

export function createDomainChecker(options: { db: Db; registrar: Registrar; usdZarRate: number }) {
  const tldCache = memo<TldRow[]>(3_600_000);
  const resultCache = memo<DomainCheckResult>(60_000);

  async function enabledTlds(): Promise<TldRow[]> {
    const cached = tldCache.get('all');
    if (cached) return cached;
    const rows = await options.db
      .select()
      .from(tlds)
      .where(eq(tlds.enabled, true))
      .orderBy(asc(tlds.sort));
    tldCache.set('all', rows);
    return rows;
  }

  async function check(input: string): Promise<DomainCheckResult> {
    const rows = await enabledTlds();
    const normalised = normaliseDomain(
      input,
      rows.map((r) => r.tld),
    );
    if (!normalised.ok) throw new AppError('BAD_REQUEST', { message: normalised.error });
    const cached = resultCache.get(normalised.domain);
    if (cached) return cached;
    const tld = rows.find((r) => r.tld === normalised.tld)!;
    const availability = await options.registrar.checkAvailability(
      normalised.domain,
      normalised.name,
    );
    const cost = availability.premiumPrice ?? {
      cents: tld.registrationCostCents,
      currency: tld.currency,
    };
    const premium = availability.premium || tld.premium;
    const registrarZar = toZarCents(cost.cents, cost.currency, options.usdZarRate);
    const result: DomainCheckResult = {
      available: availability.available,
      message: availability.available
        ? `${normalised.domain} is available!`
        : `${normalised.domain} is already registered. Try another name or ending.`,
      price: centsToRand(customerPriceCents(registrarZar, premium)),
      currency: 'ZAR',
      originalPrice: centsToRand(registrarZar),
      premium,
      domain: normalised.domain,
    };
    resultCache.set(normalised.domain, result);
    return result;
  }

  /** The price list of /buy-domain: every enabled ending, per year incl. VAT. */
  async function priceList() {
    return (await enabledTlds()).map((row) => {
      const zar = (cents: number) =>
        centsToRand(
          customerPriceCents(toZarCents(cents, row.currency, options.usdZarRate), row.premium),
        );
      return {
        tld: row.tld,
        registration: zar(row.registrationCostCents),
        renewal: zar(row.renewalCostCents),
        transfer: zar(row.transferCostCents),
      };
    });
  }

  /** The server's price for `years` of an available domain; what the cart line will cost. */
  async function quote(domain: string, years: number) {
    const result = await check(domain);
    if (!result.available) {
      throw new AppError('CONFLICT', { message: `${result.domain} is no longer available` });
    }
    return {
      domain: result.domain,
      years,
      pricePerYear: result.price,
      total: centsToRand(Math.round(result.price * 100) * years),
      premium: result.premium,
    };
  }

  return {
    check,
    priceList,
    quote,
    /** After an admin changes the TLD table, its next read is fresh. */
    forgetPrices() {
      tldCache.forget();
      resultCache.forget();
    },
  };
}

export type DomainChecker = ReturnType<typeof createDomainChecker>;
