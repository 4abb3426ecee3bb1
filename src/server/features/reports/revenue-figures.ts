import { centsToDecimalString } from '#shared/money.ts';
import type { RevenueFigures } from '#shared/reports.schemas.ts';
import { vatWording } from '#shared/vat-wording.ts';

/** The CSV headings of revenue figures; the VAT-exclusive column only for a VAT vendor. */
export function revenueHeadings(vatRegistered: boolean): string[] {
  const vat = vatWording(vatRegistered);
  return [
    'Invoices',
    `Sales${vat.incl} (R)`,
    `Credit notes${vat.incl} (R)`,
    `Revenue${vat.incl} (R)`,
    ...(vatRegistered ? [`Revenue${vat.excl} (R)`] : []),
  ];
}

/** One row's revenue figures as CSV cells, under `revenueHeadings`. */
export const revenueCells = (figures: RevenueFigures, vatRegistered: boolean): string[] => [
  String(figures.invoices),
  centsToDecimalString(figures.salesCents),
  centsToDecimalString(figures.refundsCents),
  centsToDecimalString(figures.revenueCents),
  ...(vatRegistered ? [centsToDecimalString(figures.revenueExVatCents)] : []),
];
