import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths, type RouteId } from '#shared/routes.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { DomainSearch } from '../features/domains/components/domain-search.tsx';
import { HomePage } from '../features/marketing/pages/home-page.tsx';
import { useUser } from '../lib/current-user.ts';

/** A layout around a page: the customer area's or the back office's. */
type Frame = ComponentType<{ children: ReactNode }>;

/**
 * A page loaded on demand, so public pages never load customer or admin code (DESIGN.md). The
 * export is checked: `name` must be a component of the module that takes no required props.
 * `frame` loads the layout the page sits in, at the same time as the page.
 */
function lazyPage<K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
  frame?: () => Promise<Frame>,
): ComponentType {
  return lazy(async () => {
    const [module, Frame] = await Promise.all([load(), frame?.()]);
    const Page: ComponentType = module[name];
    if (!Frame) return { default: Page };
    return {
      default: () => (
        <Frame>
          <Page />
        </Frame>
      ),
    };
  });
}

/** The customer area's layout: its navigation and sign-out beside the page. */
const accountFrame = async (): Promise<Frame> =>
  (await import('./layouts/account-layout.tsx')).AccountLayout;

/** The back office's layout, with the page's heading. */
const adminFrame = (title: string) => async (): Promise<Frame> => {
  const { AdminLayout } = await import('./layouts/admin-layout.tsx');
  return function AdminFrame({ children }) {
    return <AdminLayout title={title}>{children}</AdminLayout>;
  };
};

const authPage = () => import('../features/auth/pages/auth-page.tsx');
const paymentResultPage = () => import('../features/payments/pages/payment-result-page.tsx');
// One component for the routes that show the same page, so they share a title (and the test knows).
const signInPage = lazyPage(authPage, 'AuthPage');
const resetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
// The dashboard shows the orders, payments and service requests features' panels, and the auth
// feature's banner until the e-mail address is confirmed.
const dashboardPage = lazy(async () => {
  const [
    Frame,
    { AccountPage },
    { VerificationBanner },
    { OrdersPanel },
    { PaymentsPanel },
    { ServiceRequestsPanel },
  ] = await Promise.all([
    accountFrame(),
    import('../features/account/pages/account-page.tsx'),
    import('../features/auth/components/verification-banner.tsx'),
    import('../features/orders/components/orders-panel.tsx'),
    import('../features/payments/components/payments-panel.tsx'),
    import('../features/requests/components/service-requests-panel.tsx'),
  ]);
  return {
    default: function SignedInAccount() {
      const { user } = useUser();
      return user ? (
        <Frame>
          <AccountPage
            user={user}
            verification={<VerificationBanner email={user.email} />}
            orders={<OrdersPanel />}
            payments={<PaymentsPanel />}
            requests={<ServiceRequestsPanel />}
          />
        </Frame>
      ) : null;
    },
  };
});
const InlineAuth = lazyPage(
  () => import('../features/auth/components/auth-panel.tsx'),
  'InlineAuth',
);
const CheckoutDetails = lazyPage(
  () => import('../features/account/components/checkout-details.tsx'),
  'CheckoutDetails',
);

/**
 * The page of every route of the table in `#shared/routes.ts`. The type makes a route without a
 * page (or a page without a route) a compile error; `route-table.test.ts` checks it too.
 */
export const pages: Record<RouteId, ComponentType> = {
  home: () => <HomePage domainSearch={<DomainSearch />} />,
  portfolio: lazyPage(
    () => import('../features/marketing/pages/portfolio-page.tsx'),
    'PortfolioPage',
  ),
  services: lazyPage(() => import('../features/marketing/pages/services-page.tsx'), 'ServicesPage'),
  serviceBuilder: lazyPage(
    () => import('../features/marketing/pages/service-builder-page.tsx'),
    'ServiceBuilderPage',
  ),
  businessRegistration: lazyPage(
    () => import('../features/marketing/pages/business-registration-page.tsx'),
    'BusinessRegistrationPage',
  ),
  businessPlan: lazyPage(
    () => import('../features/marketing/pages/business-plan-page.tsx'),
    'BusinessPlanPage',
  ),
  financialManagement: lazyPage(
    () => import('../features/marketing/pages/financial-management-page.tsx'),
    'FinancialManagementPage',
  ),
  buyWebsite: lazyPage(
    () => import('../features/marketing/pages/buy-website-page.tsx'),
    'BuyWebsitePage',
  ),
  buildWebsite: lazyPage(
    () => import('../features/marketing/pages/build-website-page.tsx'),
    'BuildWebsitePage',
  ),
  websiteRequest: lazyPage(
    () => import('../features/marketing/pages/website-request-page.tsx'),
    'WebsiteRequestPage',
  ),
  requestService: lazyPage(
    () => import('../features/marketing/pages/request-service-page.tsx'),
    'RequestServicePage',
  ),
  speedOptimization: lazyPage(
    () => import('../features/marketing/pages/speed-optimization-page.tsx'),
    'SpeedOptimizationPage',
  ),
  mobileApp: lazyPage(
    () => import('../features/marketing/pages/mobile-app-page.tsx'),
    'MobileAppPage',
  ),
  about: lazyPage(() => import('../features/marketing/pages/about-page.tsx'), 'AboutPage'),
  faq: lazyPage(() => import('../features/marketing/pages/faq-page.tsx'), 'FaqPage'),
  contact: lazyPage(() => import('../features/marketing/pages/contact-page.tsx'), 'ContactPage'),
  buyDomain: lazyPage(
    () => import('../features/domains/pages/buy-domain-page.tsx'),
    'BuyDomainPage',
  ),
  privacy: lazyPage(() => import('../features/marketing/pages/privacy-page.tsx'), 'PrivacyPage'),
  terms: lazyPage(() => import('../features/marketing/pages/terms-page.tsx'), 'TermsPage'),
  domainRegistration: lazyPage(
    () => import('../features/domains/pages/domain-registration-page.tsx'),
    'DomainRegistrationPage',
  ),

  // The checkout signs people in where they stand and shows their invoice details; the auth and
  // account features supply those parts.
  checkout: lazy(async () => {
    const { CheckoutPage } = await import('../features/orders/pages/checkout-page.tsx');
    const signIn = (
      <Suspense fallback={<Spinner label="Loading the sign-in form" />}>
        <InlineAuth />
      </Suspense>
    );
    const details = (
      <Suspense fallback={<Spinner label="Loading your details" />}>
        <CheckoutDetails />
      </Suspense>
    );
    return { default: () => <CheckoutPage signIn={signIn} details={details} /> };
  }),
  paymentSuccess: lazyPage(paymentResultPage, 'PaymentSuccessPage'),
  paymentCancel: lazyPage(paymentResultPage, 'PaymentCancelPage'),

  auth: signInPage,
  userLogin: signInPage,
  userRegister: lazy(async () => {
    const { AuthPage } = await authPage();
    return { default: () => <AuthPage initialMode="register" /> };
  }),
  forgotPassword: lazyPage(
    () => import('../features/auth/pages/forgot-password-page.tsx'),
    'ForgotPasswordPage',
  ),
  userResetPassword: resetPasswordPage,
  resetPassword: resetPasswordPage,
  verifyEmail: lazyPage(
    () => import('../features/auth/pages/verify-email-page.tsx'),
    'VerifyEmailPage',
  ),
  authDebug: lazyPage(() => import('../features/auth/pages/auth-debug-page.tsx'), 'AuthDebugPage'),

  userDashboard: dashboardPage,
  userPayments: lazyPage(
    () => import('../features/payments/pages/payments-page.tsx'),
    'PaymentsPage',
    accountFrame,
  ),
  userDomains: lazyPage(
    () => import('../features/domains/pages/my-domains-page.tsx'),
    'MyDomainsPage',
    accountFrame,
  ),
  userBusinessPlans: dashboardPage,
  userSettings: lazyPage(
    () => import('../features/account/pages/settings-page.tsx'),
    'SettingsPage',
    accountFrame,
  ),
  paymentDetails: lazyPage(
    () => import('../features/payments/pages/payment-details-page.tsx'),
    'PaymentDetailsPage',
    accountFrame,
  ),
  paymentTest: lazyPage(
    () => import('../features/payments/pages/test-payment-page.tsx'),
    'TestPaymentPage',
    accountFrame,
  ),
  paymentDebug: lazyPage(
    () => import('../features/payments/pages/payment-debug-page.tsx'),
    'PaymentDebugPage',
    accountFrame,
  ),
  simplePayFast: lazyPage(
    () => import('../features/payments/pages/simple-payfast-page.tsx'),
    'SimplePayfastPage',
    accountFrame,
  ),

  adminIndex: () => <Redirect to={paths.adminDashboard} replace />,
  adminLogin: lazyPage(
    () => import('../features/admin-auth/pages/admin-login-page.tsx'),
    'AdminLoginPage',
  ),
  adminSetup: lazyPage(
    () => import('../features/admin-auth/pages/admin-setup-page.tsx'),
    'AdminSetupPage',
  ),
  // The dashboard's order book comes from the orders feature; a change there refreshes its figures.
  adminDashboard: lazy(async () => {
    const [Frame, { AdminDashboardPage }, { OrderBook }] = await Promise.all([
      adminFrame('Dashboard')(),
      import('../features/admin/pages/admin-dashboard-page.tsx'),
      import('../features/orders/components/order-book.tsx'),
    ]);
    return {
      default: () => (
        <Frame>
          <AdminDashboardPage
            orderBook={(onOrderChanged) => <OrderBook onOrderChanged={onOrderChanged} />}
          />
        </Frame>
      ),
    };
  }),
  adminServiceRequests: lazyPage(
    () => import('../features/requests/pages/service-requests-page.tsx'),
    'ServiceRequestsPage',
    adminFrame('Service requests'),
  ),
  adminSupportTickets: lazyPage(
    () => import('../features/admin/pages/support-tickets-page.tsx'),
    'SupportTicketsPage',
    adminFrame('Support tickets'),
  ),
  adminWebsiteProjects: lazyPage(
    () => import('../features/requests/pages/website-projects-page.tsx'),
    'WebsiteProjectsPage',
    adminFrame('Website projects'),
  ),
  adminDomainOrders: lazyPage(
    () => import('../features/domains/pages/domain-orders-page.tsx'),
    'DomainOrdersPage',
    adminFrame('Domain orders'),
  ),
  adminProfitAnalytics: lazyPage(
    () => import('../features/admin/pages/profit-analytics-page.tsx'),
    'ProfitAnalyticsPage',
    adminFrame('Profit analytics'),
  ),
  adminDnsimple: lazyPage(
    () => import('../features/domains/pages/registrar-page.tsx'),
    'RegistrarPage',
    adminFrame('DNSimple management'),
  ),
  adminDatabase: lazyPage(
    () => import('../features/admin/pages/database-page.tsx'),
    'DatabasePage',
    adminFrame('Database management'),
  ),
  adminOutbox: lazyPage(
    () => import('../features/admin/pages/outbox-page.tsx'),
    'OutboxPage',
    adminFrame('Outbox (mail)'),
  ),
  adminJobs: lazyPage(
    () => import('../features/admin/pages/jobs-page.tsx'),
    'JobsPage',
    adminFrame('Background jobs'),
  ),
  adminAuditLog: lazyPage(
    () => import('../features/admin/pages/audit-log-page.tsx'),
    'AuditLogPage',
    adminFrame('Audit log'),
  ),
};
