import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { couponRedemptions, coupons, orders, servicePackages, services } from '#db/schema/index.ts';
import { formatDate, saToday } from '#shared/dates.ts';
import { centsToRand } from '#shared/money.ts';
import type { CouponQuote } from '#shared/coupons.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import type { PricedLine } from '../orders/order-lines.service.ts';
import type { OrderDiscount } from '../orders/orders.service.ts';
import { offText, scopeText, shareDiscount, type CouponRow } from './coupon-discount.ts';

/**
 * A coupon at checkout (issue 29 §3): the rules a code must pass for a cart, what it takes off
 * each line, and its use taken with the order. The use is taken in the order's transaction with
 * the coupon's row locked (`for update`), so two customers racing for its last use queue up on
 * the lock and the second counts the first's use: exactly one order gets it.
 */

export interface CouponCart {
  code: string;
  userId: string;
  /** The browser cart: another unpaid try of the same cart is not another use. */
  cartId?: string | undefined;
  lines: PricedLine[];
  vatRegistered: boolean;
}

const refuse = (message: string) => new AppError('BAD_REQUEST', { message });
const taken = (message: string) => new AppError('CONFLICT', { message });

/** The coupon of a code, whatever its case; locked to the end of the transaction when asked. */
async function findCoupon(db: Db | Tx, code: string, lock: boolean): Promise<CouponRow> {
  const query = db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`);
  const [coupon] = lock ? await query.for('update') : await query;
  if (!coupon) throw refuse(`There is no coupon ${code.toUpperCase()}: check the code`);
  return coupon;
}

/**
 * The coupon's uses that count, in all and by this customer: orders carrying it that are not
 * cancelled (a cancelled or expired unpaid order gave its use back). Another unpaid try of this
 * very cart is left out: only one try of a cart is ever paid, and paying one closes the others.
 */
async function usesOf(db: Db | Tx, coupon: CouponRow, cart: CouponCart) {
  const sameCartTry = cart.cartId
    ? sql`(${orders.cartId} = ${cart.cartId} and ${orders.userId} = ${cart.userId} and ${orders.status} = 'pending_payment')`
    : sql`false`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${couponRedemptions.userId} = ${cart.userId}))::int`,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, coupon.id),
        sql`${orders.status} <> 'cancelled'`,
        sql`not ${sameCartTry}`,
      ),
    );
  return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

async function hasPaidOrder(db: Db | Tx, userId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .limit(1);
  return Boolean(paid);
}

/** The catalogue service of each package in the lines, and every service's name. */
async function catalogueOf(db: Db | Tx, lines: PricedLine[]) {
  const packageIds = lines.flatMap((line) => (line.packageId ? [line.packageId] : []));
  const [packages, names] = await Promise.all([
    packageIds.length === 0
      ? []
      : db
          .select({ id: servicePackages.id, service: servicePackages.serviceSlug })
          .from(servicePackages)
          .where(inArray(servicePackages.id, packageIds)),
    db.select({ slug: services.slug, name: services.name }).from(services),
  ]);
  return {
    serviceOf: new Map(packages.map((p) => [p.id, p.service])),
    serviceNames: new Map(names.map((s) => [s.slug, s.name])),
  };
}

/** The rules, in the order a customer can act on them; what the coupon takes off each line. */
async function applyCoupon(db: Db | Tx, coupon: CouponRow, cart: CouponCart) {
  const code = coupon.code;
  const today = saToday();
  if (coupon.endedAt) throw refuse(`Coupon ${code} has ended`);
  if (coupon.startsOn && today < coupon.startsOn) {
    throw refuse(
      `Coupon ${code} is not valid yet: it can be used from ${formatDate(coupon.startsOn)}`,
    );
  }
  if (coupon.endsOn && today > coupon.endsOn) {
    throw refuse(`Coupon ${code} has expired: it could be used until ${formatDate(coupon.endsOn)}`);
  }
  const uses = await usesOf(db, coupon, cart);
  if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit) {
    throw taken(`Coupon ${code} has been used up`);
  }
  if (coupon.firstOrderOnly && (await hasPaidOrder(db, cart.userId))) {
    throw refuse(`Coupon ${code} is for a first order only, and you have ordered from us before`);
  }
  // A first-order coupon is one use per customer: a second order is no longer a first.
  const perCustomer = coupon.firstOrderOnly ? 1 : coupon.perCustomerLimit;
  if (perCustomer !== null && uses.mine >= perCustomer) {
    throw taken(
      perCustomer === 1
        ? `You have already used coupon ${code}`
        : `You have already used coupon ${code} ${perCustomer} times, as often as it allows`,
    );
  }
  const { serviceOf, serviceNames } = await catalogueOf(db, cart.lines);
  const share = shareDiscount(
    coupon,
    cart.lines.map((line) => ({
      totalCents: line.totalCents,
      service: line.packageId ? serviceOf.get(line.packageId) : undefined,
      ending: line.ending,
      costCents: line.costCents,
    })),
    cart.vatRegistered,
  );
  const scope = scopeText(coupon, serviceNames);
  if (!share.covered) {
    throw refuse(`Coupon ${code} is not for the items in your cart: it is for ${scope}`);
  }
  if (share.cents === 0) {
    throw refuse(
      `Coupon ${code} takes nothing off these items: they are already at the lowest price we can sell them for`,
    );
  }
  const title = `Coupon ${code}: ${offText(coupon)}${scope === 'everything' ? '' : ` ${scope}`}`;
  return { ...share, title };
}

/** What a code takes off a cart, checked before the order is placed; nothing is taken yet. */
export async function quoteCoupon(db: Db, cart: CouponCart): Promise<CouponQuote> {
  const coupon = await findCoupon(db, cart.code, false);
  const { cents, title } = await applyCoupon(db, coupon, cart);
  const subtotal = cart.lines.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    code: coupon.code,
    title,
    discount: centsToRand(cents),
    subtotal: centsToRand(subtotal),
    total: centsToRand(subtotal - cents),
  };
}

/**
 * The order's coupon discount, in its transaction: the coupon locked, every rule checked again
 * (a code can be used up or end between the cart and the order), and its use recorded with the
 * order. Refused, the whole order is refused with the rule's message.
 */
export const couponDiscount =
  (cart: Omit<CouponCart, 'lines'>) =>
  async (tx: Tx, lines: PricedLine[]): Promise<OrderDiscount> => {
    const coupon = await findCoupon(tx, cart.code, true);
    const { cents, perLine, title } = await applyCoupon(tx, coupon, { ...cart, lines });
    return {
      title,
      cents,
      perLine,
      record: async (inner, orderId) => {
        await inner.insert(couponRedemptions).values({
          couponId: coupon.id,
          orderId,
          userId: cart.userId,
          discountCents: cents,
        });
      },
    };
  };
