import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { type domainOrders, registrarPrices, tlds } from '#db/schema/index.ts';
import { normaliseDomain } from '#shared/domain-name.ts';
import { domainYearPrice, toZarCents } from '#shared/domain-pricing.ts';
import { randToCents } from '#shared/money.ts';
import type { PremiumPrice } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { renewableRegistration, renewableYears } from './domain-orders.service.ts';
import { losingSales, toEndingPrices } from './registrar-prices.service.ts';
import { tldOnSale } from './registrar-routes.service.ts';

type Order = typeof domainOrders.$inferSelect;

export interface DomainPricing {
  db: Db | Tx;
  usdZarRate: number;
  vatRegistered: boolean;
}

/** What a renewal or transfer line costs the customer, and us, for all its years. */
export interface DomainLinePrice {
  domain: string;
  years: number;
  premium: boolean;
  pricePerYearCents: number;
  totalCents: number;
  registrarCostCents: number;
}

const endingOf = (domain: string) => domain.slice(domain.indexOf('.') + 1);

/**
 * A renewal is priced like a registration (`domainYearPrice`: 20% on the cost excluding VAT,
 * VAT on top when we charge it) on the ending's renewal cost; a name bought at a premium renews at
 * its own yearly cost, without markup, as premium registrations are sold.
 */
export async function priceRenewal(
  pricing: DomainPricing,
  registration: Pick<Order, 'domain' | 'kind' | 'years' | 'registrarCostCents'>,
  years: number,
): Promise<DomainLinePrice> {
  const [tld] = await pricing.db
    .select()
    .from(tlds)
    .where(eq(tlds.tld, endingOf(registration.domain)));
  if (!tld) {
    throw new AppError('BAD_REQUEST', { message: `${registration.domain} can't be renewed here` });
  }
  const registrationYear = toZarCents(tld.registrationCostCents, tld.currency, pricing.usdZarRate);
  const paidYear = Math.round(registration.registrarCostCents / Math.max(1, registration.years));
  const premiumName = registration.kind === 'registration' && paidYear > registrationYear;
  const cost = premiumName
    ? paidYear
    : toZarCents(tld.renewalCostCents, tld.currency, pricing.usdZarRate);
  const premium = premiumName || tld.premium;
  const year = domainYearPrice(cost, { premium, vatRegistered: pricing.vatRegistered });
  return {
    domain: registration.domain,
    years,
    premium,
    pricePerYearCents: year.priceCents,
    totalCents: year.priceCents * years,
    registrarCostCents: year.costCents * years,
  };
}

/** The customer's renewal line: their own active domain, for years it can still take. */
export async function quoteRenewal(
  pricing: DomainPricing,
  input: { userId: string; domain: string; years: number },
): Promise<DomainLinePrice> {
  const registration = await renewableRegistration(pricing.db, input.userId, input.domain);
  const most = renewableYears(registration.expiresAt);
  if (input.years > most) {
    throw new AppError('BAD_REQUEST', {
      message:
        most === 0
          ? `${input.domain} is already registered for ten years, the most a registry allows`
          : `${input.domain} can be renewed for at most ${most} more ${most === 1 ? 'year' : 'years'} (ten years is the most a registry allows)`,
    });
  }
  return priceRenewal(pricing, registration, input.years);
}

/**
 * A transfer in costs the ending's transfer price (which includes the year the registrar adds),
 * priced like a registration; a premium name its own premium transfer price, at cost as premium
 * registrations are sold. Endings we do not sell cannot be transferred to us.
 */
export async function quoteTransfer(
  pricing: DomainPricing,
  input: string,
  premiumPrice?: PremiumPrice,
): Promise<DomainLinePrice> {
  const rows = await pricing.db.select().from(tlds).where(tldOnSale);
  const normalised = normaliseDomain(
    input,
    rows.map((r) => r.tld),
  );
  if (!normalised.ok) throw new AppError('BAD_REQUEST', { message: normalised.error });
  const tld = rows.find((r) => r.tld === normalised.tld)!;
  const [live] = await pricing.db
    .select()
    .from(registrarPrices)
    .where(eq(registrarPrices.tld, tld.tld));
  if (
    !premiumPrice &&
    live &&
    losingSales(pricing, tld, toEndingPrices(live)).includes('transfer')
  ) {
    // The registrar's transfer cost rose past what our price covers (the owners are alerted).
    throw new AppError('BAD_REQUEST', {
      message: `${normalised.domain} can't be transferred here at the moment`,
    });
  }
  const cost = premiumPrice
    ? toZarCents(
        randToCents(Number(premiumPrice.transferQuoted)),
        premiumPrice.currency,
        pricing.usdZarRate,
      )
    : toZarCents(tld.transferCostCents, tld.currency, pricing.usdZarRate);
  const premium = premiumPrice !== undefined || tld.premium;
  const year = domainYearPrice(cost, { premium, vatRegistered: pricing.vatRegistered });
  return {
    domain: normalised.domain,
    years: 1,
    premium,
    pricePerYearCents: year.priceCents,
    totalCents: year.priceCents,
    registrarCostCents: year.costCents,
  };
}
