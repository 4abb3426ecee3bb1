import type { AppInstance } from './app-instance.ts';
import { billingLineKinds } from './features/billing/billing.order-lines.ts';
import { businessRegistrationLineKind } from './features/business-registration/business-registration.order-lines.ts';
import { paidPlanDelivery } from './features/business-plans/business-plans.order-lines.ts';
import { catalogueLineKinds } from './features/catalogue/catalogue.order-lines.ts';
import {
  complianceCareLineKind,
  complianceFilingLineKind,
} from './features/compliance/compliance.order-lines.ts';
import { domainLineKinds } from './features/domains/domains.order-lines.ts';
import type { OrderLineRegistry } from './features/orders/order-lines.service.ts';
import { testLineKind } from './features/orders/order-pricing.service.ts';
import { quoteLineKind, websiteProjectDelivery } from './features/requests/requests.order-lines.ts';
import { speedReportLineKind } from './features/speed-reports/speed-reports.order-lines.ts';
import { monthlyServiceSuspension } from './features/subscriptions/subscription-suspension.ts';

/**
 * Every kind of order line, from the features that sell them (decision 020): the composition
 * root's one list. A new thing to sell is one entry here and its feature's `*.order-lines.ts`;
 * a line type of the cart's schema without an entry, or an entry without its fulfilment, does
 * not compile. A paid order's lines are fulfilled in the order's own line order.
 */
export function orderLineKinds(app: AppInstance): OrderLineRegistry {
  const { config } = app;
  const catalogueKinds = catalogueLineKinds({
    'buy-website': websiteProjectDelivery(config),
    'business-plan': paidPlanDelivery(config),
  });
  return {
    // A package with monthly parts is a managed service: dunning suspends its subscription.
    package: { ...catalogueKinds.package, ...monthlyServiceSuspension },
    bundle: { ...catalogueKinds.bundle, ...monthlyServiceSuspension },
    ...billingLineKinds(catalogueKinds.package.fulfil),
    'business-registration': businessRegistrationLineKind(config),
    'speed-report': speedReportLineKind(config.speedReports),
    'compliance-filing': complianceFilingLineKind,
    'compliance-care': complianceCareLineKind,
    'service-request': quoteLineKind,
    ...domainLineKinds({ checker: app.domainChecker, registrarFor: app.registrar.providerFor }),
    test: testLineKind,
  };
}
