import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { serviceAddOns, servicePackages, serviceRequests, services } from '#db/schema/index.ts';
import { serviceTypeLabel } from '#shared/service-types.ts';
import type { z } from 'zod';
import type { orderItemSchema } from '#shared/orders.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import type { DomainChecker } from '../domains/domain-check.service.ts';
import { NameHeldError } from '../domains/domain-holds.service.ts';
import { quoteRenewal, quoteTransfer } from '../domains/domain-line-pricing.service.ts';
import { checkSpeedReportAddress } from '../speed-reports/speed-reports.service.ts';

type OrderItemInput = z.output<typeof orderItemSchema>;

/** One priced part of a package line: the package itself, or one of its add-ons. */
export interface InvoicePart {
  name: string;
  unitCents: number;
  billing: 'once' | 'monthly' | 'yearly';
}

export interface PricedLine {
  /** What the customer asked for; a test payment is made by the server, never by a cart. */
  input: OrderItemInput | { type: 'test' };
  type: string;
  title: string;
  packageId: string | null;
  addOnIds: string[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** A domain line's normalised name and what it costs us, for its domain order. */
  domain?: string;
  registrarCostCents?: number;
  /** A quoted service request this line pays. */
  serviceRequestId?: string;
  /** Kept on the order line (a full speed report's address). */
  details?: Record<string, unknown>;
}

/** The R5.00 line of /payment/test (sandbox and simulator only). */
export const testPaymentLine: PricedLine = {
  input: { type: 'test' },
  type: 'test',
  title: 'Test payment: no service is supplied',
  packageId: null,
  addOnIds: [],
  quantity: 1,
  unitPriceCents: 500,
  totalCents: 500,
};

const refuse = (message: string) => new AppError('BAD_REQUEST', { message });

/** Prices one package line (and its add-ons) from the database; refuses anything not on sale. */
async function pricePackage(db: Db, packageId: string, addOnIds: string[], serviceSlug?: string) {
  const [row] = await db
    .select({ pkg: servicePackages, service: services })
    .from(servicePackages)
    .innerJoin(services, eq(services.slug, servicePackages.serviceSlug))
    .where(
      and(
        eq(servicePackages.id, packageId),
        eq(servicePackages.active, true),
        eq(services.active, true),
      ),
    );
  if (!row) throw refuse(`The package "${packageId}" is not for sale`);
  if (serviceSlug && row.service.slug !== serviceSlug)
    throw refuse(`The package "${packageId}" is not part of ${serviceSlug}`);
  if (!serviceSlug && row.service.slug === 'business-registration')
    throw refuse('Business registration needs the company details: order it from its form');
  if (!serviceSlug && row.pkg.id === speedReportPackage)
    throw refuse(
      'The full speed report needs the address of the website to measure: add it to the cart from /services/speed-optimization',
    );
  if (row.pkg.pricing !== 'fixed') {
    throw refuse(
      `${row.service.name}: ${row.pkg.name} is priced by quote; request a quote instead`,
    );
  }
  const unique = [...new Set(addOnIds)];
  const addOns = unique.length
    ? await db
        .select()
        .from(serviceAddOns)
        .where(
          and(
            inArray(serviceAddOns.id, unique),
            eq(serviceAddOns.serviceSlug, row.service.slug),
            eq(serviceAddOns.active, true),
          ),
        )
    : [];
  if (addOns.length !== unique.length) {
    const missing = unique.filter((id) => !addOns.some((a) => a.id === id));
    throw refuse(`The add-on "${missing[0]}" is not available for ${row.service.name}`);
  }
  const parts: InvoicePart[] = [
    {
      name: `${row.service.name}: ${row.pkg.name}`,
      unitCents: row.pkg.priceCents,
      billing: row.pkg.billing,
    },
    ...addOns.map((a) => ({
      name: `${a.name} (add-on)`,
      unitCents: a.priceCents,
      billing: a.billing,
    })),
  ];
  return {
    title: [`${row.service.name}: ${row.pkg.name}`, ...addOns.map((a) => a.name)].join(' + '),
    unitPriceCents: row.pkg.priceCents + addOns.reduce((sum, a) => sum + a.priceCents, 0),
    addOnIds: unique,
    parts,
  };
}

/** A quoted request of the customer's own, at the price the team quoted. */
async function priceQuote(db: Db, reference: string, userId: string) {
  const [request] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.reference, reference), eq(serviceRequests.userId, userId)));
  if (!request) throw refuse(`There is no service request ${reference} in your account`);
  if (request.status === 'paid' || request.status === 'won')
    throw refuse(`Service request ${reference} is already paid`);
  if (request.status !== 'quoted' || request.quoteCents === null)
    throw refuse(`Service request ${reference} has no quote to pay`);
  return {
    id: request.id,
    title: `${serviceTypeLabel(request.serviceType)} (quote ${reference})`,
    cents: request.quoteCents,
  };
}

/** The R199 full speed report, sold only with the address it measures. */
const speedReportPackage = 'speed-report';

/** Every line priced on the server; the browser's `price` and `title` are never read. */
export async function priceLines(
  db: Db,
  checker: DomainChecker,
  items: OrderItemInput[],
  userId: string,
  speedReports: { allowHosts: string[] },
): Promise<PricedLine[]> {
  const lines: PricedLine[] = [];
  for (const item of items) {
    if (item.type === 'speed-report') {
      // The same public-address rules as a free report: a private address is refused here.
      const site = await checkSpeedReportAddress(speedReports, item.url);
      const priced = await pricePackage(db, speedReportPackage, [], 'speed-optimization');
      lines.push({
        input: item,
        type: item.type,
        title: `${priced.title} for ${new URL(site.url).host}`,
        packageId: speedReportPackage,
        addOnIds: [],
        quantity: 1,
        unitPriceCents: priced.unitPriceCents,
        totalCents: priced.unitPriceCents,
        details: { url: site.url },
      });
      continue;
    }
    if (item.type === 'service-request') {
      const quote = await priceQuote(db, item.reference, userId);
      lines.push({
        input: item,
        type: item.type,
        title: quote.title,
        packageId: null,
        addOnIds: [],
        quantity: 1,
        unitPriceCents: quote.cents,
        totalCents: quote.cents,
        serviceRequestId: quote.id,
      });
      continue;
    }
    if (item.type === 'domain-renewal' || item.type === 'domain-transfer') {
      const pricing = { db, ...checker.pricing };
      if (item.type === 'domain-transfer' && (await checker.check(item.domain)).available) {
        throw refuse(`${item.domain} is not registered anywhere yet: register it instead`);
      }
      const quote =
        item.type === 'domain-renewal'
          ? await quoteRenewal(pricing, { userId, domain: item.domain, years: item.years })
          : await quoteTransfer(pricing, item.domain);
      const years = `${quote.years} ${quote.years === 1 ? 'year' : 'years'}`;
      lines.push({
        input: item,
        type: item.type,
        domain: quote.domain,
        registrarCostCents: quote.registrarCostCents,
        title:
          item.type === 'domain-renewal'
            ? `Renewal of ${quote.domain}, ${years}`
            : `Transfer of ${quote.domain} (adds 1 year)`,
        packageId: null,
        addOnIds: [],
        quantity: 1,
        unitPriceCents: quote.totalCents,
        totalCents: quote.totalCents,
      });
      continue;
    }
    if (item.type === 'domain') {
      // Asked afresh: a cached "available" may be minutes older than another customer's order.
      const quote = await checker
        .quote(item.domain, item.years, { fresh: true, userId })
        .catch((error: unknown) => {
          // Held by another customer's unpaid order: 409, as creating the order would answer.
          if (error instanceof AppError && !(error instanceof NameHeldError)) {
            throw refuse(error.message);
          }
          throw error;
        });
      const { totalCents } = quote;
      lines.push({
        input: item,
        type: 'domain',
        domain: quote.domain,
        registrarCostCents: quote.registrarCostCents,
        title: `Domain ${quote.domain}, ${quote.years} ${quote.years === 1 ? 'year' : 'years'}`,
        packageId: null,
        addOnIds: [],
        quantity: 1,
        unitPriceCents: totalCents,
        totalCents,
      });
      continue;
    }
    const priced = await pricePackage(
      db,
      item.packageId,
      item.addOnIds,
      item.type === 'business-registration' ? 'business-registration' : undefined,
    );
    const title =
      item.type === 'business-registration'
        ? `${priced.title} (${item.details.names[0]})`
        : priced.title;
    lines.push({
      input: item,
      type: item.type,
      title,
      packageId: item.packageId,
      addOnIds: priced.addOnIds,
      quantity: item.quantity,
      unitPriceCents: priced.unitPriceCents,
      totalCents: priced.unitPriceCents * item.quantity,
      // The package and each add-on at the price charged, for their own invoice lines.
      details: { parts: priced.parts },
    });
  }
  return lines;
}
