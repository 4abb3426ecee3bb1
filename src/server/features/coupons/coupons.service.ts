import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { couponRedemptions, coupons, orders, services, tlds } from '#db/schema/index.ts';
import type { Coupon, CouponList, CouponStatus, CouponValues } from '#shared/coupons.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand, randToCents } from '#shared/money.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { offText, scopeText, type CouponRow } from './coupon-discount.ts';

/** The back office's coupons: owners create, change and end them; every administrator sees them. */

interface Actor {
  admin: { id: string; email: string };
  ip: string;
}

function statusOf(coupon: CouponRow, uses: number, today: string): CouponStatus {
  if (coupon.endedAt) return 'ended';
  if (coupon.endsOn && today > coupon.endsOn) return 'expired';
  if (coupon.totalLimit !== null && uses >= coupon.totalLimit) return 'used_up';
  if (coupon.startsOn && today < coupon.startsOn) return 'scheduled';
  return 'active';
}

/** Coupons with their uses, newest first: every one, or those `where` picks. */
async function couponsWithUses(db: Db, where?: SQL): Promise<Coupon[]> {
  const rows = await db
    .select({
      coupon: coupons,
      // Uses that count: orders carrying it that were not cancelled (see the schema).
      uses: sql<number>`(select count(*)::int from ${couponRedemptions} r join ${orders} o on o.id = r.order_id
        where r.coupon_id = coupons.id and o.status <> 'cancelled')`,
      givenCents: sql<number>`(select coalesce(sum(r.discount_cents), 0)::int from ${couponRedemptions} r
        join ${orders} o on o.id = r.order_id
        where r.coupon_id = coupons.id and o.paid_at is not null and o.status <> 'cancelled')`,
    })
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  const names = new Map(
    (await db.select({ slug: services.slug, name: services.name }).from(services)).map((row) => [
      row.slug,
      row.name,
    ]),
  );
  const today = saToday();
  return rows.map(({ coupon, uses, givenCents }) =>
    toCoupon(coupon, Number(uses), Number(givenCents), names, today),
  );
}

/** Every coupon, newest first, with its uses, and what a coupon can be limited to. */
export async function listCoupons(db: Db): Promise<CouponList> {
  const serviceRows = await db
    .select({ slug: services.slug, name: services.name })
    .from(services)
    .where(eq(services.active, true))
    .orderBy(asc(services.sort));
  const endings = await db
    .select({ tld: tlds.tld })
    .from(tlds)
    .where(eq(tlds.enabled, true))
    .orderBy(asc(tlds.sort));
  return {
    coupons: await couponsWithUses(db),
    services: serviceRows,
    endings: endings.map((row) => row.tld),
  };
}

function toCoupon(
  coupon: CouponRow,
  uses: number,
  givenCents: number,
  names: ReadonlyMap<string, string>,
  today: string,
): Coupon {
  return {
    id: coupon.id,
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.kind === 'percent' ? coupon.value : centsToRand(coupon.value),
    services: coupon.services,
    endings: coupon.endings,
    firstOrderOnly: coupon.firstOrderOnly,
    startsOn: coupon.startsOn,
    endsOn: coupon.endsOn,
    totalLimit: coupon.totalLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    floorPercent: coupon.floorPercent,
    endedAt: coupon.endedAt?.toISOString() ?? null,
    createdBy: coupon.createdBy,
    createdAt: coupon.createdAt.toISOString(),
    status: statusOf(coupon, uses, today),
    summary: `${offText(coupon)} ${scopeText(coupon, names)}`,
    uses,
    remaining: coupon.totalLimit === null ? null : Math.max(0, coupon.totalLimit - uses),
    discountGiven: centsToRand(givenCents),
  };
}

/** The row's columns from the form's values: an amount is kept in cents. */
const columnsOf = (values: CouponValues) => ({
  ...values,
  value: values.kind === 'percent' ? values.value : randToCents(values.value),
});

const duplicate = (code: string) =>
  new AppError('CONFLICT', { message: `There is already a coupon ${code}: choose another code` });

async function loadCoupon(db: Db, id: string): Promise<Coupon> {
  const [coupon] = await couponsWithUses(db, eq(coupons.id, id));
  if (!coupon) throw new AppError('NOT_FOUND', { message: 'There is no such coupon' });
  return coupon;
}

export async function createCoupon(
  db: Db,
  input: Actor & { values: CouponValues },
): Promise<Coupon> {
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(coupons)
        .values({ ...columnsOf(input.values), createdBy: input.admin.email })
        .returning({ id: coupons.id });
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'coupon.created',
        entityType: 'coupon',
        entityId: input.values.code,
        ip: input.ip,
      });
      return created!.id;
    });
    return await loadCoupon(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.values.code);
    throw error;
  }
}

/** New terms apply to orders placed from now on; orders that used it keep their discount. */
export async function updateCoupon(
  db: Db,
  input: Actor & { id: string; values: CouponValues },
): Promise<Coupon> {
  try {
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(coupons)
        .set({ ...columnsOf(input.values), updatedAt: sql`now()` })
        .where(eq(coupons.id, input.id))
        .returning({ id: coupons.id });
      if (!changed) throw new AppError('NOT_FOUND', { message: 'There is no such coupon' });
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'coupon.updated',
        entityType: 'coupon',
        entityId: input.values.code,
        ip: input.ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.values.code);
    throw error;
  }
  return loadCoupon(db, input.id);
}

/** Ends a coupon now: no new order can use it; ending it again changes nothing. */
export async function endCoupon(db: Db, input: Actor & { id: string }): Promise<Coupon> {
  await db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, input.id)).for('update');
    if (!coupon) throw new AppError('NOT_FOUND', { message: 'There is no such coupon' });
    if (coupon.endedAt) return;
    await tx
      .update(coupons)
      .set({ endedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(coupons.id, input.id));
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'coupon.ended',
      entityType: 'coupon',
      entityId: coupon.code,
      ip: input.ip,
    });
  });
  return loadCoupon(db, input.id);
}
