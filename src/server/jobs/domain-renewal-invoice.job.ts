import {
  invoiceDomainRenewal,
  type RenewalInvoiceDeps,
} from '../features/domains/domain-renewal-invoices.service.ts';
import type { JobHandler } from './runner.ts';

/** 14 days before an expiry: the renewal order of a domain with auto-renew on, e-mailed. */
export const domainRenewalInvoiceJob =
  (deps: Omit<RenewalInvoiceDeps, 'db'>): JobHandler<'domain-renewal-invoice'> =>
  async ({ orderId, expiresAt }, { db }) => {
    await invoiceDomainRenewal({ ...deps, db }, orderId, expiresAt);
  };
