import { serviceTypeLabel } from '#shared/service-types.ts';
import { domainOfOrder } from '../domains/domain-orders.service.ts';
import type { LineFulfilment, OrderLineKind } from '../orders/order-lines.service.ts';
import {
  markQuotedRequestsPaid,
  openWebsiteProject,
  payableQuote,
  type RequestDeps,
} from './requests.service.ts';

/** A quoted service request of the customer's own, paid at the quoted price; paid, it is paid. */
export const quoteLineKind: OrderLineKind<'service-request'> = {
  async price(db, line, { userId }) {
    const quote = await payableQuote(db, { reference: line.reference, userId });
    return {
      type: line.type,
      title: `${serviceTypeLabel(quote.serviceType)} (quote ${line.reference})`,
      packageId: null,
      addOnIds: [],
      quantity: 1,
      unitPriceCents: quote.quoteCents,
      totalCents: quote.quoteCents,
      serviceRequestId: quote.id,
    };
  },
  fulfil: async (tx, line) => {
    if (line.serviceRequestId) await markQuotedRequestsPaid(tx, [line.serviceRequestId]);
  },
};

/**
 * What a paid website package starts (a delivery of the catalogue's package lines): a won
 * website request and its project for the team, with the customer's first stage e-mail, and the
 * domain bought in the same order already in its checklist.
 */
export const websiteProjectDelivery =
  (config: RequestDeps['config']): LineFulfilment =>
  async (tx, line, { order, customer }) =>
    openWebsiteProject(
      tx,
      {
        userId: order.userId,
        packageId: line.packageId!,
        name: customer?.fullName ?? 'Customer',
        email: customer?.email ?? '',
        message: `Paid order ${order.reference}: ${line.title}`,
        domain: await domainOfOrder(tx, order.id),
        // Sold on a quote with a deposit: its balance is invoiced at launch.
        quoteId: typeof line.details?.quoteId === 'string' ? line.details.quoteId : null,
      },
      config,
      line.title,
    );
