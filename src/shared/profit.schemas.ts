import { z } from 'zod';
import { profitServiceSchema } from './admin.schemas.ts';

/**
 * One kind of service in GET /api/admin/profit-analytics/services, in rand excluding VAT: its
 * sales, its share of the card fees of the orders it was sold in (by its part of each order's
 * total), the registrar's cost of its domains, and what is left (gross profit, before refunds).
 */
export const profitServiceFiguresSchema = profitServiceSchema.extend({
  paymentFeesExVat: z.number(),
  registrarCosts: z.number(),
  grossProfit: z.number(),
});
export type ProfitServiceFigures = z.infer<typeof profitServiceFiguresSchema>;
