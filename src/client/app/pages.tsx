import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect } from 'wouter';
import { paths, type RouteId } from '#shared/routes.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { DomainSearch } from '../features/domains/components/domain-search.tsx';
import { HomePage } from '../features/marketing/pages/home-page.tsx';
import { useUser } from '../lib/current-user.ts';

/**
 * A page loaded on demand, so public pages never load customer or admin code (DESIGN.md). The
 * export is checked: `name` must be a component of the module that takes no required props.
 */
function lazyPage<K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
): ComponentType {
  return lazy(async () => {
    const Page: ComponentType = (await load())[name];
    return { default: Page };
  });
}

const authPage = () => import('../features/auth/pages/auth-page.tsx');
const paymentResultPage = () => import('../features/payments/pages/payment-result-page.tsx');
// One component for the routes that show the same page, so they share a title (and the test knows).
const signInPage = lazyPage(authPage, 'AuthPage');
const resetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const accountPage = lazy(async () => {
  const { AccountPage } = await import('../features/account/pages/account-page.tsx');
  return {
    default: function SignedInAccount() {
      const { user } = useUser();
      return user ? <AccountPage user={user} /> : null;
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
    const { CheckoutPage } = await import('../features/cart/pages/checkout-page.tsx');
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

  userDashboard: accountPage,
  userPayments: lazyPage(
    () => import('../features/account/pages/payments-page.tsx'),
    'PaymentsPage',
  ),
  userDomains: lazyPage(() => import('../features/account/pages/domains-page.tsx'), 'DomainsPage'),
  userBusinessPlans: accountPage,
  userSettings: lazyPage(
    () => import('../features/account/pages/settings-page.tsx'),
    'SettingsPage',
  ),
  paymentDetails: lazyPage(
    () => import('../features/account/pages/payment-details-page.tsx'),
    'PaymentDetailsPage',
  ),
  paymentTest: lazyPage(
    () => import('../features/account/pages/test-payment-page.tsx'),
    'TestPaymentPage',
  ),
  paymentDebug: lazyPage(
    () => import('../features/account/pages/payment-debug-page.tsx'),
    'PaymentDebugPage',
  ),
  simplePayFast: lazyPage(
    () => import('../features/account/pages/simple-payfast-page.tsx'),
    'SimplePayfastPage',
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
  adminDashboard: lazyPage(
    () => import('../features/admin/pages/admin-dashboard-page.tsx'),
    'AdminDashboardPage',
  ),
  adminServiceRequests: lazyPage(
    () => import('../features/admin/pages/service-requests-page.tsx'),
    'ServiceRequestsPage',
  ),
  adminSupportTickets: lazyPage(
    () => import('../features/admin/pages/support-tickets-page.tsx'),
    'SupportTicketsPage',
  ),
  adminWebsiteProjects: lazyPage(
    () => import('../features/admin/pages/website-projects-page.tsx'),
    'WebsiteProjectsPage',
  ),
  adminDomainOrders: lazyPage(
    () => import('../features/admin/pages/domain-orders-page.tsx'),
    'DomainOrdersPage',
  ),
  adminProfitAnalytics: lazyPage(
    () => import('../features/admin/pages/profit-analytics-page.tsx'),
    'ProfitAnalyticsPage',
  ),
  adminDnsimple: lazyPage(
    () => import('../features/admin/pages/registrar-page.tsx'),
    'RegistrarPage',
  ),
  adminDatabase: lazyPage(
    () => import('../features/admin/pages/database-page.tsx'),
    'DatabasePage',
  ),
  adminOutbox: lazyPage(() => import('../features/admin/pages/outbox-page.tsx'), 'OutboxPage'),
  adminJobs: lazyPage(() => import('../features/admin/pages/jobs-page.tsx'), 'JobsPage'),
  adminAuditLog: lazyPage(
    () => import('../features/admin/pages/audit-log-page.tsx'),
    'AuditLogPage',
  ),
};
