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
import { PageSpinner } from '../components/ui/spinner.tsx';
import { AboutPage } from '../features/marketing/pages/about-page.tsx';
import { BuildWebsitePage } from '../features/marketing/pages/build-website-page.tsx';
import { BusinessPlanPage } from '../features/marketing/pages/business-plan-page.tsx';
import { BusinessRegistrationPage } from '../features/marketing/pages/business-registration-page.tsx';
import { BuyWebsitePage } from '../features/marketing/pages/buy-website-page.tsx';
import { ContactPage } from '../features/marketing/pages/contact-page.tsx';
import { FaqPage } from '../features/marketing/pages/faq-page.tsx';
import { FinancialManagementPage } from '../features/marketing/pages/financial-management-page.tsx';
import { HomePage } from '../features/marketing/pages/home-page.tsx';
import { MobileAppPage } from '../features/marketing/pages/mobile-app-page.tsx';
import { PortfolioPage } from '../features/marketing/pages/portfolio-page.tsx';
import { PrivacyPage } from '../features/marketing/pages/privacy-page.tsx';
import { RequestServicePage } from '../features/marketing/pages/request-service-page.tsx';
import { ServiceBuilderPage } from '../features/marketing/pages/service-builder-page.tsx';
import { ServicesPage } from '../features/marketing/pages/services-page.tsx';
import { SpeedOptimizationPage } from '../features/marketing/pages/speed-optimization-page.tsx';
import { TermsPage } from '../features/marketing/pages/terms-page.tsx';
import { WebsiteRequestPage } from '../features/marketing/pages/website-request-page.tsx';
import { BuyDomainPage } from '../features/domains/pages/buy-domain-page.tsx';
import { DomainRegistrationPage } from '../features/domains/pages/domain-registration-page.tsx';
import { DomainSearch } from '../features/domains/components/domain-search.tsx';
import { CheckoutPage } from '../features/cart/pages/checkout-page.tsx';
import {
  PaymentCancelPage,
  PaymentSuccessPage,
} from '../features/payments/pages/payment-result-page.tsx';
import { useUser } from '../features/auth/api/get-user.ts';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useDocumentTitle } from './document-title.tsx';

/** Customer and admin code is split out so public pages never load it (DESIGN.md). */
function lazyNamed<K extends string>(load: () => Promise<Record<K, unknown>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const AuthPage = lazyNamed(() => import('../features/auth/pages/auth-page.tsx'), 'AuthPage');
const RegisterPage = lazy(async () => {
  const { AuthPage: Page } = await import('../features/auth/pages/auth-page.tsx');
  return { default: () => <Page initialMode="register" /> };
});
const AuthDebugPage = lazyNamed(
  () => import('../features/auth/pages/auth-debug-page.tsx'),
  'AuthDebugPage',
);
const AdminLoginPage = lazyNamed(
  () => import('../features/admin-auth/pages/admin-login-page.tsx'),
  'AdminLoginPage',
);
const AdminHomePage = lazyNamed(
  () => import('../features/admin-auth/pages/admin-home-page.tsx'),
  'AdminHomePage',
);
const AccountPage = lazy(async () => {
  const { AccountPage: Page } = await import('../features/account/pages/account-page.tsx');
  return {
    default: function SignedInAccount() {
      const { user } = useUser();
      return <Page fullName={user?.fullName ?? ''} />;
    },
  };
});

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
          <Route
            key={path}
            path={path}
            component={path === paths.userRegister ? RegisterPage : AuthPage}
          />
        ))}
        {debugRoutes.map((path) => (
          <Route key={path} path={path} component={AuthDebugPage} />
        ))}
        {[...userRoutes, '/payment/details/:reference'].map((path) => (
          <Route key={path} path={path}>
            <RequireUser>
              <AccountPage />
            </RequireUser>
          </Route>
        ))}
        <Route path={paths.adminLogin} component={AdminLoginPage} />
        <Route path={paths.adminIndex}>
          <RequireAdmin>
            <Redirect to={paths.adminDashboard} replace />
          </RequireAdmin>
        </Route>
        {adminProtectedRoutes.map((path) => (
          <Route key={path} path={path}>
            <RequireAdmin>
              <AdminHomePage />
            </RequireAdmin>
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
