import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect } from 'wouter';
import { paths, type RouteId } from '#shared/routes.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { DomainSearch } from '../features/domains/components/domain-search.tsx';
import { HomePage } from '../features/marketing/pages/home-page.tsx';
import type { BackOfficeRouteId } from './back-office-pages.tsx';
import type { CustomerAreaRouteId } from './customer-area-pages.tsx';
import { backOfficeSignInFrame, lazyPage, type PageLoader } from './lazy-page.tsx';

const authPage = () => import('../features/auth/pages/auth-page.tsx');
const paymentResultPage = () => import('../features/payments/pages/payment-result-page.tsx');
// One component for the routes that show the same page, so they share a title (and the test knows).
const signInPage = lazyPage(authPage, 'AuthPage');
const resetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const InlineAuth = lazyPage(
  () => import('../features/auth/components/auth-panel.tsx'),
  'InlineAuth',
);
// The speed report's address box: in the prerendered HTML, its code loaded after the home page's
// own (DESIGN.md budget: 100 KB gzip).
const SpeedReportStart = lazy(async () => ({
  default: (await import('../features/speed-reports/components/speed-report-start.tsx'))
    .SpeedReportStart,
}));
const CheckoutDetails = lazyPage(
  () => import('../features/account/components/checkout-details.tsx'),
  'CheckoutDetails',
);

/**
 * The page of every route of the table in `#shared/routes.ts`. The type makes a route without a
 * page (or a page without a route) a compile error; `route-table.test.ts` checks it too.
 */
/**
 * A page of the customer area or the back office: each area's page table is a chunk of its own,
 * loaded with the area's first page, so a public page's first load carries neither list.
 */
function areaPage<Id extends string>(load: () => Promise<Record<Id, PageLoader>>) {
  return (id: Id): ComponentType => lazy(async () => (await load())[id]());
}
const customerArea = areaPage<CustomerAreaRouteId>(
  async () => (await import('./customer-area-pages.tsx')).customerAreaPages,
);
const backOffice = areaPage<BackOfficeRouteId>(
  async () => (await import('./back-office-pages.tsx')).backOfficePages,
);

export const pages: Record<RouteId, ComponentType> = {
  home: () => (
    <HomePage
      domainSearch={<DomainSearch />}
      speedTest={
        <Suspense>
          <SpeedReportStart className="mt-4" />
        </Suspense>
      }
    />
  ),
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
  // The speed report's address box (speed-reports feature) sits in the marketing page.
  speedOptimization: lazyPage(
    () => import('./speed-optimization-route.tsx'),
    'SpeedOptimizationRoute',
  ),
  speedReport: lazyPage(
    () => import('../features/speed-reports/pages/speed-report-page.tsx'),
    'SpeedReportPage',
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
  ticketReply: lazyPage(
    () => import('../features/tickets/pages/ticket-reply-page.tsx'),
    'TicketReplyPage',
  ),
  sharedPlan: lazyPage(
    () => import('../features/business-plans/pages/shared-plan-page.tsx'),
    'SharedPlanPage',
  ),
  ticketRating: lazyPage(
    () => import('../features/tickets/pages/rate-ticket-page.tsx'),
    'RateTicketPage',
  ),
  helpAnnouncements: lazyPage(
    () => import('../features/tickets/pages/announcements-page.tsx'),
    'AnnouncementsPage',
  ),
  unsubscribe: lazyPage(
    () => import('../features/tickets/pages/unsubscribe-page.tsx'),
    'UnsubscribePage',
  ),
  help: lazyPage(() => import('../features/tickets/pages/help-centre-page.tsx'), 'HelpCentrePage'),
  helpArticle: lazyPage(
    () => import('../features/tickets/pages/help-article-page.tsx'),
    'HelpArticlePage',
  ),
  payLink: lazyPage(() => import('../features/dunning/pages/pay-link-page.tsx'), 'PayLinkPage'),
  authDebug: lazyPage(() => import('../features/auth/pages/auth-debug-page.tsx'), 'AuthDebugPage'),

  userDashboard: customerArea('userDashboard'),
  userPayments: customerArea('userPayments'),
  userDomains: customerArea('userDomains'),
  userBusinessPlans: customerArea('userBusinessPlans'),
  businessPlanBuilder: customerArea('businessPlanBuilder'),
  userSupport: customerArea('userSupport'),
  userSpeedReports: customerArea('userSpeedReports'),
  userTicket: customerArea('userTicket'),
  userProjects: customerArea('userProjects'),
  userProject: customerArea('userProject'),
  userRegistrations: customerArea('userRegistrations'),
  userRegistration: customerArea('userRegistration'),
  userCompliance: customerArea('userCompliance'),
  userSettings: customerArea('userSettings'),
  userQuote: customerArea('userQuote'),
  userOrder: customerArea('userOrder'),
  paymentDetails: customerArea('paymentDetails'),
  paymentEft: customerArea('paymentEft'),
  paymentTest: customerArea('paymentTest'),
  paymentDebug: customerArea('paymentDebug'),
  simplePayFast: customerArea('simplePayFast'),
  adminIndex: () => <Redirect to={paths.adminDashboard} replace />,
  adminLogin: lazyPage(
    () => import('../features/admin-auth/pages/admin-login-page.tsx'),
    'AdminLoginPage',
    backOfficeSignInFrame,
  ),
  adminSetup: lazyPage(
    () => import('../features/admin-auth/pages/admin-setup-page.tsx'),
    'AdminSetupPage',
    backOfficeSignInFrame,
  ),
  adminInvitation: lazyPage(
    () => import('../features/admin-auth/pages/invitation-page.tsx'),
    'InvitationPage',
    backOfficeSignInFrame,
  ),
  adminDashboard: backOffice('adminDashboard'),
  adminCustomers: backOffice('adminCustomers'),
  adminCustomer: backOffice('adminCustomer'),
  adminInvoices: backOffice('adminInvoices'),
  adminNewInvoice: backOffice('adminNewInvoice'),
  adminQuote: backOffice('adminQuote'),
  adminServiceRequests: backOffice('adminServiceRequests'),
  adminSupportTickets: backOffice('adminSupportTickets'),
  adminCannedReplies: backOffice('adminCannedReplies'),
  adminSupportDepartments: backOffice('adminSupportDepartments'),
  adminMailTemplates: backOffice('adminMailTemplates'),
  adminMailTemplate: backOffice('adminMailTemplate'),
  adminTicket: backOffice('adminTicket'),
  adminAnnouncements: backOffice('adminAnnouncements'),
  adminHelp: backOffice('adminHelp'),
  adminWebsiteProjects: backOffice('adminWebsiteProjects'),
  adminWebsiteProject: backOffice('adminWebsiteProject'),
  adminRegistrations: backOffice('adminRegistrations'),
  adminRegistration: backOffice('adminRegistration'),
  adminComplianceFilings: backOffice('adminComplianceFilings'),
  adminBusinessPlans: backOffice('adminBusinessPlans'),
  adminBusinessPlan: backOffice('adminBusinessPlan'),
  adminDomainOrders: backOffice('adminDomainOrders'),
  adminProfitAnalytics: backOffice('adminProfitAnalytics'),
  adminReports: backOffice('adminReports'),
  adminReconciliation: backOffice('adminReconciliation'),
  adminBankTransfers: backOffice('adminBankTransfers'),
  adminSubscriptions: backOffice('adminSubscriptions'),
  adminCatalogue: backOffice('adminCatalogue'),
  adminCoupons: backOffice('adminCoupons'),
  adminPastDue: backOffice('adminPastDue'),
  adminDunning: backOffice('adminDunning'),
  adminDnsimple: backOffice('adminDnsimple'),
  adminDatabase: backOffice('adminDatabase'),
  adminOutbox: backOffice('adminOutbox'),
  adminJobs: backOffice('adminJobs'),
  adminSpeedReports: backOffice('adminSpeedReports'),
  adminAuditLog: backOffice('adminAuditLog'),
  adminAdministrators: backOffice('adminAdministrators'),
  adminTwoFactor: backOffice('adminTwoFactor'),
};
