import type { LineFulfilment } from '../orders/order-lines.service.ts';
import { openPaidPlans, type PlanDeps } from './business-plans.service.ts';

/**
 * What a paid business-plan package starts (a delivery of the catalogue's package lines): a plan
 * for our writers, linked to its order line, and the customer's e-mail.
 */
export const paidPlanDelivery =
  (config: PlanDeps['config']): LineFulfilment =>
  (tx, line, { order }) =>
    openPaidPlans(tx, config, { userId: order.userId, reference: order.reference, items: [line] });
