import type { SubscriptionLine } from '#db/schema/index.ts';
import type { InvoicePart } from '../orders/order-lines.service.ts';

interface OrderLine {
  type: string;
  title: string;
  packageId: string | null;
  quantity: number;
  details: Record<string, unknown> | null;
}

/**
 * One line of a month's renewal order: the monthly parts of one line of the first order, as a
 * subscription keeps its lines after a change (the same shape).
 */
export type MonthlyLine = SubscriptionLine;

const partsOf = (line: OrderLine): InvoicePart[] =>
  Array.isArray(line.details?.parts) ? (line.details.parts as InvoicePart[]) : [];

/**
 * What an order charges every month: the monthly parts of its lines (a monthly package, a monthly
 * add-on of any package), each line at the price it was ordered at. Once-off and yearly parts
 * are paid at checkout only. An order without monthly parts has none (`totalCents` 0).
 */
export function monthlyCharge(lines: OrderLine[]): {
  lines: MonthlyLine[];
  totalCents: number;
  title: string;
} {
  const monthly = lines.flatMap((line): MonthlyLine[] => {
    const parts = partsOf(line).filter((part) => part.billing === 'monthly');
    if (parts.length === 0) return [];
    const unitPriceCents = parts.reduce((sum, part) => sum + part.unitCents, 0);
    return [
      {
        type: line.type,
        title: parts.map((part) => part.name).join(' + '),
        packageId: line.packageId,
        quantity: line.quantity,
        unitPriceCents,
        totalCents: unitPriceCents * line.quantity,
        parts,
      },
    ];
  });
  return {
    lines: monthly,
    totalCents: monthly.reduce((sum, line) => sum + line.totalCents, 0),
    title: linesTitle(monthly),
  };
}

/** How a month's lines read as the subscription's title: "2 × Custom e-mail: 5 mailboxes; …". */
export const linesTitle = (lines: Pick<MonthlyLine, 'quantity' | 'title'>[]) =>
  lines
    .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.title}` : line.title))
    .join('; ');
