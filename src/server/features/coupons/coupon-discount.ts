import { noLossPriceCents } from '#shared/domain-pricing.ts';
import { formatZAR } from '#shared/money.ts';
import type { coupons } from '#db/schema/index.ts';

export type CouponRow = typeof coupons.$inferSelect;
type CouponTerms = Pick<CouponRow, 'kind' | 'value' | 'services' | 'endings' | 'floorPercent'>;

/** An order line as a coupon sees it: its price, what it is, and what it costs us. */
export interface CouponLine {
  totalCents: number;
  /** The catalogue service its package is sold under. */
  service?: string | undefined;
  /** A domain line's ending. */
  ending?: string | undefined;
  /** What it costs us excluding VAT (a domain's registrar cost). */
  costCents?: number | undefined;
}

/** Whether a coupon limited to some services or endings is for this line; unlimited: any line. */
export function couponCovers(terms: Pick<CouponRow, 'services' | 'endings'>, line: CouponLine) {
  if (terms.services.length === 0 && terms.endings.length === 0) return true;
  return (
    (line.service !== undefined && terms.services.includes(line.service)) ||
    (line.ending !== undefined && terms.endings.includes(line.ending))
  );
}

/**
 * The least a line may sell for with a coupon. The owner's floor is a share of each line's own
 * price rather than of the order, so that a coupon limited to a few lines can never push one of
 * them below what the owner accepts for it, whatever else is in the cart. A domain never goes
 * below its no-loss price, whatever floor was set: it is bought from the registrar with real
 * money, and the VAT and PayFast's fee come out of the price, so a lower price is a loss; our
 * own services' lower bound is the owner's to choose.
 */
export function lineFloorCents(
  terms: Pick<CouponRow, 'floorPercent'>,
  line: CouponLine,
  vatRegistered: boolean,
): number {
  const owners = Math.ceil((line.totalCents * terms.floorPercent) / 100);
  const noLoss = line.costCents === undefined ? 0 : noLossPriceCents(line.costCents, vatRegistered);
  return Math.max(owners, noLoss);
}

/**
 * What a coupon takes off each line, in cents, and in all. A percentage comes off each line it
 * covers; an amount is shared over them in proportion to how far each may still go down, the
 * odd cents to the first lines with room left. No line goes below its floor, so an amount larger
 * than that room gives only the room.
 */
export function shareDiscount(
  terms: CouponTerms,
  lines: CouponLine[],
  vatRegistered: boolean,
): { perLine: number[]; cents: number; covered: boolean } {
  const room = lines.map((line) =>
    couponCovers(terms, line)
      ? Math.max(0, line.totalCents - lineFloorCents(terms, line, vatRegistered))
      : null,
  );
  const covered = room.some((r) => r !== null);
  const free = room.map((r) => r ?? 0);
  let perLine: number[];
  if (terms.kind === 'percent') {
    perLine = lines.map((line, i) =>
      Math.min(free[i]!, Math.round((line.totalCents * terms.value) / 100)),
    );
  } else {
    const allRoom = free.reduce((sum, r) => sum + r, 0);
    const cents = Math.min(terms.value, allRoom);
    perLine = free.map((r) => (allRoom === 0 ? 0 : Math.floor((cents * r) / allRoom)));
    let left = cents - perLine.reduce((sum, d) => sum + d, 0);
    for (let i = 0; left > 0 && i < perLine.length; i += 1) {
      if (perLine[i]! < free[i]!) {
        perLine[i] = perLine[i]! + 1;
        left -= 1;
      }
    }
  }
  return { perLine, cents: perLine.reduce((sum, d) => sum + d, 0), covered };
}

/** "10% off" or "R 50,00 off". */
export const offText = (terms: Pick<CouponRow, 'kind' | 'value'>) =>
  terms.kind === 'percent' ? `${terms.value}% off` : `${formatZAR(terms.value)} off`;

/** "everything", or "Websites and .co.za domains": what it is for, in words. */
export function scopeText(
  terms: Pick<CouponRow, 'services' | 'endings'>,
  serviceNames: ReadonlyMap<string, string>,
): string {
  const parts = [
    ...terms.services.map((slug) => serviceNames.get(slug) ?? slug),
    ...(terms.endings.length > 0
      ? [`${terms.endings.map((ending) => `.${ending}`).join(', ')} domains`]
      : []),
  ];
  if (parts.length === 0) return 'everything';
  return parts.length === 1
    ? parts[0]!
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
