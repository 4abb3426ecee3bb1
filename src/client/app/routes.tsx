import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import {
  adminProtectedRoutes,
  authRoutes,
  debugRoutes,
  domainRegistrationPaths,
  paths,
  redirects,
  userRoutes,
} from '#shared/routes.ts';
import { PageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { HomePage } from '../features/marketing/pages/home-page.tsx';
import { DomainSearch } from '../features/domains/components/domain-search.tsx';
import { useUser } from '../lib/current-user.ts';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useDocumentTitle } from './document-title.tsx';

/** Customer and admin code is split out so public pages never load it (DESIGN.md). */
function lazyNamed<K extends string>(load: () => Promise<Record<K, unknown>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const AboutPage = lazyNamed(
  () => import('../features/marketing/pages/about-page.tsx'),
  'AboutPage',
);
const BuildWebsitePage = lazyNamed(
  () => import('../features/marketing/pages/build-website-page.tsx'),
  'BuildWebsitePage',
);
const BusinessPlanPage = lazyNamed(
  () => import('../features/marketing/pages/business-plan-page.tsx'),
  'BusinessPlanPage',
);
const BusinessRegistrationPage = lazyNamed(
  () => import('../features/marketing/pages/business-registration-page.tsx'),
  'BusinessRegistrationPage',
);
const BuyWebsitePage = lazyNamed(
  () => import('../features/marketing/pages/buy-website-page.tsx'),
  'BuyWebsitePage',
);
const ContactPage = lazyNamed(
  () => import('../features/marketing/pages/contact-page.tsx'),
  'ContactPage',
);
const FaqPage = lazyNamed(() => import('../features/marketing/pages/faq-page.tsx'), 'FaqPage');
const FinancialManagementPage = lazyNamed(
  () => import('../features/marketing/pages/financial-management-page.tsx'),
  'FinancialManagementPage',
);
const MobileAppPage = lazyNamed(
  () => import('../features/marketing/pages/mobile-app-page.tsx'),
  'MobileAppPage',
);
const PortfolioPage = lazyNamed(
  () => import('../features/marketing/pages/portfolio-page.tsx'),
  'PortfolioPage',
);
const PrivacyPage = lazyNamed(
  () => import('../features/marketing/pages/privacy-page.tsx'),
  'PrivacyPage',
);
const RequestServicePage = lazyNamed(
  () => import('../features/marketing/pages/request-service-page.tsx'),
  'RequestServicePage',
);
const ServiceBuilderPage = lazyNamed(
  () => import('../features/marketing/pages/service-builder-page.tsx'),
  'ServiceBuilderPage',
);
const ServicesPage = lazyNamed(
  () => import('../features/marketing/pages/services-page.tsx'),
  'ServicesPage',
);
const SpeedOptimizationPage = lazyNamed(
  () => import('../features/marketing/pages/speed-optimization-page.tsx'),
  'SpeedOptimizationPage',
);
const TermsPage = lazyNamed(
  () => import('../features/marketing/pages/terms-page.tsx'),
  'TermsPage',
);
const WebsiteRequestPage = lazyNamed(
  () => import('../features/marketing/pages/website-request-page.tsx'),
  'WebsiteRequestPage',
);
const BuyDomainPage = lazyNamed(
  () => import('../features/domains/pages/buy-domain-page.tsx'),
  'BuyDomainPage',
);
const DomainRegistrationPage = lazyNamed(
  () => import('../features/domains/pages/domain-registration-page.tsx'),
  'DomainRegistrationPage',
);
const InlineAuth = lazyNamed(
  () => import('../features/auth/components/auth-panel.tsx'),
  'InlineAuth',
);
const CheckoutDetails = lazyNamed(
  () => import('../features/account/components/checkout-details.tsx'),
  'CheckoutDetails',
);
/**
 * The checkout signs people in where they stand and shows their invoice details; the auth and
 * account features supply those parts.
 */
const CheckoutPage = lazy(async () => {
  const { CheckoutPage: Page } = await import('../features/cart/pages/checkout-page.tsx');
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
  return { default: () => <Page signIn={signIn} details={details} /> };
});
const PaymentCancelPage = lazyNamed(
  () => import('../features/payments/pages/payment-result-page.tsx'),
  'PaymentCancelPage',
);
const PaymentSuccessPage = lazyNamed(
  () => import('../features/payments/pages/payment-result-page.tsx'),
  'PaymentSuccessPage',
);
const AuthPage = lazyNamed(() => import('../features/auth/pages/auth-page.tsx'), 'AuthPage');
const RegisterPage = lazy(async () => {
  const { AuthPage: Page } = await import('../features/auth/pages/auth-page.tsx');
  return { default: () => <Page initialMode="register" /> };
});
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const VerifyEmailPage = lazyNamed(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const AuthDebugPage = lazyNamed(
  () => import('../features/auth/pages/auth-debug-page.tsx'),
  'AuthDebugPage',
);
const AdminLoginPage = lazyNamed(
  () => import('../features/admin-auth/pages/admin-login-page.tsx'),
  'AdminLoginPage',
);
const AdminSetupPage = lazyNamed(
  () => import('../features/admin-auth/pages/admin-setup-page.tsx'),
  'AdminSetupPage',
);
const adminPages: Record<string, ComponentType> = {
  '/admin/dashboard': lazyNamed(
    () => import('../features/admin/pages/admin-dashboard-page.tsx'),
    'AdminDashboardPage',
  ),
  '/admin/database-management': lazyNamed(
    () => import('../features/admin/pages/database-page.tsx'),
    'DatabasePage',
  ),
  '/admin/support-tickets': lazyNamed(
    () => import('../features/admin/pages/support-tickets-page.tsx'),
    'SupportTicketsPage',
  ),
  '/admin/website-projects': lazyNamed(
    () => import('../features/admin/pages/website-projects-page.tsx'),
    'WebsiteProjectsPage',
  ),
  '/admin/profit-analytics': lazyNamed(
    () => import('../features/admin/pages/profit-analytics-page.tsx'),
    'ProfitAnalyticsPage',
  ),
  '/admin/dnsimple-management': lazyNamed(
    () => import('../features/admin/pages/registrar-page.tsx'),
    'RegistrarPage',
  ),
  '/admin/domain-orders': lazyNamed(
    () => import('../features/admin/pages/domain-orders-page.tsx'),
    'DomainOrdersPage',
  ),
  '/admin/service-requests': lazyNamed(
    () => import('../features/admin/pages/service-requests-page.tsx'),
    'ServiceRequestsPage',
  ),
  '/admin/outbox': lazyNamed(() => import('../features/admin/pages/outbox-page.tsx'), 'OutboxPage'),
  '/admin/audit-log': lazyNamed(
    () => import('../features/admin/pages/audit-log-page.tsx'),
    'AuditLogPage',
  ),
};
const AccountPage = lazy(async () => {
  const { AccountPage: Page } = await import('../features/account/pages/account-page.tsx');
  return {
    default: function SignedInAccount() {
      const { user } = useUser();
      return user ? <Page user={user} /> : null;
    },
  };
});
const DomainsPage = lazyNamed(
  () => import('../features/account/pages/domains-page.tsx'),
  'DomainsPage',
);
const PaymentsPage = lazyNamed(
  () => import('../features/account/pages/payments-page.tsx'),
  'PaymentsPage',
);
const PaymentDetailsPage = lazyNamed(
  () => import('../features/account/pages/payment-details-page.tsx'),
  'PaymentDetailsPage',
);
const TestPaymentPage = lazyNamed(
  () => import('../features/account/pages/test-payment-page.tsx'),
  'TestPaymentPage',
);
const SimplePayfastPage = lazyNamed(
  () => import('../features/account/pages/simple-payfast-page.tsx'),
  'SimplePayfastPage',
);
const PaymentDebugPage = lazyNamed(
  () => import('../features/account/pages/payment-debug-page.tsx'),
  'PaymentDebugPage',
);
const SettingsPage = lazyNamed(
  () => import('../features/account/pages/settings-page.tsx'),
  'SettingsPage',
);

const authPages: Record<string, ComponentType> = {
  [paths.auth]: AuthPage,
  [paths.userLogin]: AuthPage,
  [paths.userRegister]: RegisterPage,
  [paths.forgotPassword]: ForgotPasswordPage,
  [paths.userResetPassword]: ResetPasswordPage,
  [paths.resetPassword]: ResetPasswordPage,
  [paths.verifyEmail]: VerifyEmailPage,
};

const publicRoutes: [string, ComponentType][] = [
  [paths.home, () => <HomePage domainSearch={<DomainSearch />} />],
  [paths.portfolio, PortfolioPage],
  [paths.services, ServicesPage],
  [paths.serviceBuilder, ServiceBuilderPage],
  [paths.businessRegistration, BusinessRegistrationPage],
  [paths.businessPlan, BusinessPlanPage],
  [paths.financialManagement, FinancialManagementPage],
  [paths.buyWebsite, BuyWebsitePage],
  [paths.buildWebsite, BuildWebsitePage],
  [paths.websiteRequest, WebsiteRequestPage],
  [paths.requestService, RequestServicePage],
  [paths.speedOptimization, SpeedOptimizationPage],
  [paths.mobileApp, MobileAppPage],
  [paths.about, AboutPage],
  [paths.faq, FaqPage],
  [paths.contact, ContactPage],
  [paths.buyDomain, BuyDomainPage],
  [paths.privacy, PrivacyPage],
  [paths.terms, TermsPage],
  ...domainRegistrationPaths.map((path): [string, ComponentType] => [path, DomainRegistrationPage]),
  [paths.checkout, CheckoutPage],
  [paths.paymentSuccess, PaymentSuccessPage],
  [paths.paymentCancel, PaymentCancelPage],
];

export function AppRoutes() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {publicRoutes.map(([path, Page]) => (
          <Route key={path} path={path} component={Page} />
        ))}
        {Object.entries(redirects).map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        {authRoutes.map((path) => (
          <Route key={path} path={path} component={authPages[path] ?? AuthPage} />
        ))}
        {debugRoutes.map((path) => (
          <Route key={path} path={path} component={AuthDebugPage} />
        ))}
        {[...userRoutes, '/payment/details/:reference'].map((path) => (
          <Route key={path} path={path}>
            <RequireUser>
              {path === paths.userSettings ? (
                <SettingsPage />
              ) : path === paths.userDomains || path === '/domain-management' ? (
                <DomainsPage />
              ) : path === paths.userPayments ? (
                <PaymentsPage />
              ) : path === '/payment/details/:reference' ? (
                <PaymentDetailsPage />
              ) : path === '/payment/debug' ? (
                <PaymentDebugPage />
              ) : path === '/payment/test' ? (
                <TestPaymentPage />
              ) : path === '/SimplePayFast' ? (
                <SimplePayfastPage />
              ) : (
                <AccountPage />
              )}
            </RequireUser>
          </Route>
        ))}
        <Route path={paths.adminLogin} component={AdminLoginPage} />
        <Route path={paths.adminSetup} component={AdminSetupPage} />
        <Route path={paths.adminIndex}>
          <RequireAdmin>
            <Redirect to={paths.adminDashboard} replace />
          </RequireAdmin>
        </Route>
        {adminProtectedRoutes.map((path) => {
          const Page = adminPages[path] ?? NotFoundPage;
          return (
            <Route key={path} path={path}>
              <RequireAdmin>
                <Page />
              </RequireAdmin>
            </Route>
          );
        })}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
