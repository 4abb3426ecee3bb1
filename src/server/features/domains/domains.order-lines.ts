import { eq } from 'drizzle-orm';
import { domainOrders } from '#db/schema/index.ts';
import type { RegistrarProvider } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import type { LineInput, OrderLineKind, PricedLine } from '../orders/order-lines.service.ts';
import type { DomainChecker } from './domain-check.service.ts';
import { NameHeldError, releaseHold } from './domain-holds.service.ts';
import {
  quoteRenewal,
  quoteTransfer,
  type DomainLinePrice,
} from './domain-line-pricing.service.ts';
import { closeRefundedDomainOrder } from './domain-order-failures.service.ts';
import {
  createDomainOrder,
  createDomainRenewal,
  markDomainOrderPaid,
  recordEvent,
} from './domain-orders.service.ts';

/**
 * The domain lines (a registration, a renewal of one of the customer's domains, a transfer in):
 * each is a domain order of its own, created with the order (a registration or transfer holds
 * its name), made paid by the payment (which queues the registrar's work) and, when the whole
 * order is refunded, no longer owed a refund.
 */

const refuse = (message: string) => new AppError('BAD_REQUEST', { message });
const yearsText = (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`;

type Quote = Pick<DomainLinePrice, 'domain' | 'years' | 'registrarCostCents' | 'totalCents'>;

/**
 * The domain order's name, years, price (what the customer pays, after a coupon's part) and cost
 * to us, for the customer `userId`.
 */
const orderTerms = (
  quote: Quote,
  { userId, discountCents }: { userId: string; discountCents: number },
) => ({
  userId,
  domain: quote.domain,
  years: quote.years,
  priceCents: quote.totalCents - discountCents,
  registrarCostCents: quote.registrarCostCents,
});

/**
 * A domain line's common part: one line, the domain order it makes, its cache forgotten; its
 * cost and ending, for a coupon.
 */
function domainLine(
  type: PricedLine['type'],
  title: string,
  quote: Quote,
  create: NonNullable<PricedLine['create']>,
  afterCommit?: () => void,
): PricedLine {
  return {
    type,
    title,
    packageId: null,
    addOnIds: [],
    quantity: 1,
    unitPriceCents: quote.totalCents,
    totalCents: quote.totalCents,
    costCents: quote.registrarCostCents,
    ending: quote.domain.slice(quote.domain.indexOf('.') + 1),
    create,
    ...(afterCommit ? { afterCommit } : {}),
  };
}

/**
 * A renewal line for `quote` (the cart's, or the renewal invoice 14 days before expiry): it holds
 * no name and asks nothing of the registrar until it is paid.
 */
export function domainRenewalLine(quote: DomainLinePrice, afterCommit?: () => void): PricedLine {
  return domainLine(
    'domain-renewal',
    `Renewal of ${quote.domain}, ${yearsText(quote.years)}`,
    quote,
    async (tx, context) => {
      const renewal = await createDomainRenewal(tx, orderTerms(quote, context));
      return { domainOrderId: renewal.id };
    },
    afterCommit,
  );
}

/** The domain order a paid line made becomes paid, and the registrar's work is queued. */
const fulfil: OrderLineKind<'domain'>['fulfil'] = async (tx, line) => {
  if (line.domainOrderId) await markDomainOrderPaid(tx, line.domainOrderId);
};

/** The whole order was refunded: a failed line's refund flag is settled with it. */
const undo: NonNullable<OrderLineKind<'domain'>['undo']> = async (tx, line, { order }) => {
  if (line.domainOrderId) {
    await closeRefundedDomainOrder(
      tx,
      line.domainOrderId,
      `Refunded with order ${order.reference}`,
    );
  }
};

/** The unpaid order was given up: the name it holds goes back on sale. */
const release: NonNullable<OrderLineKind<'domain'>['release']> = async (tx, line, { order }) => {
  if (line.domainOrderId) {
    await releaseHold(tx, line.domainOrderId, `Order ${order.reference} was given up unpaid`);
  }
};

/**
 * A renewal left unpaid past the domain policy's days (dunning): the domain is simply not renewed.
 * The registration's history says so, for the team; paying later still renews it while the
 * registry allows, so nothing needs restoring.
 */
const suspendRenewal: NonNullable<OrderLineKind<'domain-renewal'>['suspend']> = async (
  tx,
  line,
  { order },
) => {
  if (!line.domainOrderId) return;
  const [renewal] = await tx
    .select({ renews: domainOrders.renewsOrderId, status: domainOrders.status })
    .from(domainOrders)
    .where(eq(domainOrders.id, line.domainOrderId));
  if (!renewal?.renews || renewal.status !== 'pending_payment') return;
  await recordEvent(
    tx,
    renewal.renews,
    'active',
    'active',
    `Not renewed: order ${order.reference} is unpaid past the dunning policy`,
  );
};

export function domainLineKinds(deps: {
  checker: DomainChecker;
  /** The registrar a new name of this ending is registered or transferred through. */
  registrarFor: (domain: string) => Promise<RegistrarProvider>;
}): {
  domain: OrderLineKind<'domain'>;
  'domain-renewal': OrderLineKind<'domain-renewal'>;
  'domain-transfer': OrderLineKind<'domain-transfer'>;
} {
  const { checker } = deps;
  const forget = (domain: string) => () => checker.forget(domain);
  /** A registration or a transfer in: a domain order that holds its name until it is paid. */
  const registration =
    (
      line: LineInput<'domain'> | LineInput<'domain-transfer'>,
      quote: Quote,
      registrar: RegistrarProvider,
    ): NonNullable<PricedLine['create']> =>
    async (tx, context) => {
      const order = await createDomainOrder(tx, {
        ...orderTerms(quote, context),
        registration: {
          years: quote.years,
          registrant: line.registrant,
          privacy: line.privacy,
          autoRenew: line.autoRenew,
        },
        registrar,
        ...(line.type === 'domain-transfer' ? { transfer: { authCode: line.authCode } } : {}),
      });
      return { domainOrderId: order.id };
    };

  return {
    domain: {
      async price(_db, line, { userId }) {
        // The registrar's answer of the last minutes will do (another customer's order is read
        // afresh, and the name's lock decides a race): the registration job asks the registrar
        // again right before registering, and refunds a name taken meanwhile.
        const quote = await checker
          .quote(line.domain, line.years, { userId })
          .catch((error: unknown) => {
            // Held by another customer's unpaid order: 409, as creating the order would answer.
            if (error instanceof AppError && !(error instanceof NameHeldError)) {
              throw refuse(error.message);
            }
            throw error;
          });
        return domainLine(
          'domain',
          `Domain ${quote.domain}, ${yearsText(quote.years)}`,
          quote,
          // Asked when pricing, outside the order's transaction (the route is read from the database).
          registration(
            line,
            { ...quote, years: line.years },
            await deps.registrarFor(quote.domain),
          ),
          forget(quote.domain),
        );
      },
      fulfil,
      undo,
      release,
    },
    'domain-renewal': {
      async price(db, line, { userId }) {
        const pricing = { db, ...checker.pricing };
        const quote = await quoteRenewal(pricing, {
          userId,
          domain: line.domain,
          years: line.years,
        });
        return domainRenewalLine(quote, forget(quote.domain));
      },
      fulfil,
      undo,
      release,
      suspend: suspendRenewal,
    },
    'domain-transfer': {
      async price(db, line) {
        const { result, premiumPrice } = await checker.check(line.domain);
        if (result.available) {
          throw refuse(`${line.domain} is not registered anywhere yet: register it instead`);
        }
        const quote = await quoteTransfer({ db, ...checker.pricing }, line.domain, premiumPrice);
        return domainLine(
          'domain-transfer',
          `Transfer of ${quote.domain} (adds 1 year)`,
          quote,
          registration(line, { ...quote, years: 1 }, await deps.registrarFor(quote.domain)),
          forget(quote.domain),
        );
      },
      fulfil,
      undo,
      release,
    },
  };
}
