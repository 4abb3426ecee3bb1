import type { DomainOrder } from '#shared/domain-orders.schemas.ts';

/** Where a customer's domain stands, in their words (My domains and the dashboard panel). */
export const statusText: Record<DomainOrder['status'], string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Paid, registering soon',
  registering: 'Being registered',
  active: 'Active',
  renewed: 'Renewed',
  failed: 'Registration failed: we will contact you',
  refunded: 'Refunded',
  released: 'Not paid in time: the name is no longer kept for you',
};
