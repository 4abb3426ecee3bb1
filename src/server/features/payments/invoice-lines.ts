import { formatDate } from '#shared/dates.ts';
import type { InvoicePart } from '../orders/order-lines.service.ts';

export interface InvoiceLine {
  title: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

interface OrderLine {
  title: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  details: Record<string, unknown> | null;
}

const dayMs = 24 * 60 * 60 * 1000;

/** "monthly: 25 November 2026 to 24 December 2026" for a charge that covers a period. */
function period(billing: InvoicePart['billing'], from: Date): string {
  if (billing === 'once') return '';
  const end = new Date(from);
  if (billing === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return ` (${billing}: ${formatDate(from)} to ${formatDate(new Date(end.getTime() - dayMs))})`;
}

const isPart = (value: unknown): value is InvoicePart =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as InvoicePart).name === 'string' &&
  Number.isSafeInteger((value as InvoicePart).unitCents);

/**
 * The invoice's lines for an order's lines: a package with add-ons becomes one line for the
 * package and one for each add-on, each with its own price; a charge for a period states it.
 * Lines whose parts do not add up to what was charged stay whole, so the total never moves.
 */
export function invoiceLines(items: OrderLine[], issuedAt: Date): InvoiceLine[] {
  return items.flatMap((item) => {
    const parts = Array.isArray(item.details?.parts) ? item.details.parts.filter(isPart) : [];
    const partsTotal = parts.reduce((sum, p) => sum + p.unitCents, 0);
    if (parts.length === 0 || partsTotal !== item.unitPriceCents) {
      return [
        {
          title: item.title,
          quantity: item.quantity,
          unitCents: item.unitPriceCents,
          totalCents: item.totalCents,
        },
      ];
    }
    return parts.map((part) => ({
      title: `${part.name}${period(part.billing, issuedAt)}`,
      quantity: item.quantity,
      unitCents: part.unitCents,
      totalCents: part.unitCents * item.quantity,
    }));
  });
}
