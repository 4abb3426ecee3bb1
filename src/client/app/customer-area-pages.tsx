import type { RouteId } from '#shared/routes.ts';
import { useUser } from '../lib/current-user.ts';
import { accountFrame, pageLoader, type PageLoader } from './lazy-page.tsx';

// The dashboard shows the orders, quotes (billing), payments (with account credit), service requests, tickets,
// projects, registrations, domains and business plans features' panels, the auth feature's banner until the e-mail address is confirmed,
// and the tickets feature's announcements.
const dashboardPage = async () => {
  const [
    Frame,
    { AccountPage },
    { VerificationBanner },
    { OrdersPanel },
    { QuotesPanel },
    { PaymentsPanel },
    { AccountCreditPanel },
    { ServiceRequestsPanel },
    { TicketsPanel },
    { ProjectsPanel },
    { RegistrationsPanel },
    { DomainsPanel },
    { BusinessPlansPanel },
    { CompliancePanel },
    { AnnouncementsPanel },
  ] = await Promise.all([
    accountFrame(),
    import('../features/account/pages/account-page.tsx'),
    import('../features/auth/components/verification-banner.tsx'),
    import('../features/orders/components/orders-panel.tsx'),
    import('../features/billing/components/quotes-panel.tsx'),
    import('../features/payments/components/payments-panel.tsx'),
    import('../features/payments/components/account-credit-panel.tsx'),
    import('../features/requests/components/service-requests-panel.tsx'),
    import('../features/tickets/components/tickets-panel.tsx'),
    import('../features/projects/components/projects-panel.tsx'),
    import('../features/registrations/components/registrations-panel.tsx'),
    import('../features/domains/components/domains-panel.tsx'),
    import('../features/business-plans/components/business-plans-panel.tsx'),
    import('../features/compliance/components/compliance-panel.tsx'),
    import('../features/tickets/components/announcements-panel.tsx'),
  ]);
  return {
    default: function SignedInAccount() {
      const { user } = useUser();
      return user ? (
        <Frame>
          <AccountPage
            user={user}
            verification={<VerificationBanner email={user.email} />}
            announcements={<AnnouncementsPanel />}
            orders={<OrdersPanel />}
            quotes={<QuotesPanel />}
            payments={<PaymentsPanel />}
            credit={<AccountCreditPanel />}
            requests={<ServiceRequestsPanel />}
            tickets={<TicketsPanel />}
            projects={<ProjectsPanel />}
            registrations={<RegistrationsPanel />}
            domains={<DomainsPanel />}
            businessPlans={<BusinessPlansPanel />}
            compliance={<CompliancePanel />}
          />
        </Frame>
      ) : null;
    },
  };
};

/** The customer area's pages (pages.tsx loads this table with the first of them). */
export const customerAreaPages = {
  userDashboard: dashboardPage,
  userPayments: pageLoader(
    () => import('../features/payments/pages/payments-page.tsx'),
    'PaymentsPage',
    accountFrame,
  ),
  userDomains: pageLoader(
    () => import('../features/domains/pages/my-domains-page.tsx'),
    'MyDomainsPage',
    accountFrame,
  ),
  userBusinessPlans: pageLoader(
    () => import('../features/business-plans/pages/business-plans-page.tsx'),
    'BusinessPlansPage',
    accountFrame,
  ),
  businessPlanBuilder: pageLoader(
    () => import('../features/business-plans/pages/plan-builder-page.tsx'),
    'PlanBuilderPage',
    accountFrame,
  ),
  userSpeedReports: pageLoader(
    () => import('../features/speed-reports/pages/my-speed-reports-page.tsx'),
    'MySpeedReportsPage',
    accountFrame,
  ),
  userSupport: pageLoader(
    () => import('../features/tickets/pages/support-page.tsx'),
    'SupportPage',
    accountFrame,
  ),
  userTicket: pageLoader(
    () => import('../features/tickets/pages/ticket-page.tsx'),
    'TicketPage',
    accountFrame,
  ),
  userProjects: pageLoader(
    () => import('../features/projects/pages/projects-page.tsx'),
    'ProjectsPage',
    accountFrame,
  ),
  userProject: pageLoader(
    () => import('../features/projects/pages/project-page.tsx'),
    'ProjectPage',
    accountFrame,
  ),
  userRegistrations: pageLoader(
    () => import('../features/registrations/pages/registrations-page.tsx'),
    'RegistrationsPage',
    accountFrame,
  ),
  userRegistration: pageLoader(
    () => import('../features/registrations/pages/registration-page.tsx'),
    'RegistrationPage',
    accountFrame,
  ),
  userCompliance: pageLoader(
    () => import('../features/compliance/pages/compliance-page.tsx'),
    'CompliancePage',
    accountFrame,
  ),
  userSettings: pageLoader(
    () => import('../features/account/pages/settings-page.tsx'),
    'SettingsPage',
    accountFrame,
  ),
  userOrder: pageLoader(
    () => import('../features/orders/pages/order-page.tsx'),
    'OrderPage',
    accountFrame,
  ),
  userQuote: pageLoader(
    () => import('../features/billing/pages/quote-page.tsx'),
    'QuotePage',
    accountFrame,
  ),
  paymentDetails: pageLoader(
    () => import('../features/payments/pages/payment-details-page.tsx'),
    'PaymentDetailsPage',
    accountFrame,
  ),
  paymentEft: pageLoader(
    () => import('../features/payments/pages/bank-transfer-page.tsx'),
    'BankTransferPage',
    accountFrame,
  ),
  paymentTest: pageLoader(
    () => import('../features/payments/pages/test-payment-page.tsx'),
    'TestPaymentPage',
    accountFrame,
  ),
  paymentDebug: pageLoader(
    () => import('../features/payments/pages/payment-debug-page.tsx'),
    'PaymentDebugPage',
    accountFrame,
  ),
  simplePayFast: pageLoader(
    () => import('../features/payments/pages/simple-payfast-page.tsx'),
    'SimplePayfastPage',
    accountFrame,
  ),
} satisfies Partial<Record<RouteId, PageLoader>>;

export type CustomerAreaRouteId = keyof typeof customerAreaPages;
