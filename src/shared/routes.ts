/**
 * Every route of SPEC §2 once. The server reads this table for redirects, status codes, the
 * sitemap and prerendering; the client router and links read it for paths.
 */

export interface PublicPage {
  path: string;
  title: string;
}

export const paths = {
  home: '/',
  portfolio: '/portfolio',
  services: '/services',
  serviceBuilder: '/service-builder',
  businessRegistration: '/services/business-registration',
  businessPlan: '/services/business-plan',
  financialManagement: '/services/financial-management',
  buyWebsite: '/services/buy-website',
  buildWebsite: '/services/build-website',
  websiteRequest: '/website-request',
  requestService: '/services/request-service',
  speedOptimization: '/services/speed-optimization',
  mobileApp: '/services/mobile-app',
  about: '/about',
  faq: '/faq',
  contact: '/contact',
  buyDomain: '/buy-domain',
  privacy: '/privacy',
  terms: '/terms',
  domainRegistration: '/domain-registration',
  checkout: '/checkout',
  paymentSuccess: '/payment/success',
  paymentCancel: '/payment/cancel',
  auth: '/auth',
  userLogin: '/user/login',
  userRegister: '/user/register',
  forgotPassword: '/user/forgot-password',
  userResetPassword: '/user/reset-password',
  resetPassword: '/reset-password',
  verifyEmail: '/user/verify-email',
  userDashboard: '/user/dashboard',
  userSettings: '/user/settings',
  userPayments: '/user/payments',
  userBusinessPlans: '/user/business-plans',
  userDomains: '/user/domains',
  adminIndex: '/admin',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminSetup: '/admin/setup',
} as const;

export const paymentDetailsPath = (reference: string) =>
  `/payment/details/${encodeURIComponent(reference)}`;

/** The domain-registration page answers on three paths (SPEC §2). */
export const domainRegistrationPaths = [
  '/domain/register',
  '/register-domain',
  '/domain-registration',
];

export const publicPages: PublicPage[] = [
  {
    path: paths.home,
    title: 'Websites, Business Plans & Company Registration in South Africa',
  },
  {
    path: paths.portfolio,
    title: 'Portfolio',
  },
  {
    path: paths.services,
    title: 'Services',
  },
  {
    path: paths.serviceBuilder,
    title: 'Service Builder',
  },
  {
    path: paths.businessRegistration,
    title: 'Company Registration (CIPC + SARS)',
  },
  {
    path: paths.businessPlan,
    title: 'Business Plans',
  },
  {
    path: paths.financialManagement,
    title: 'Financial Management',
  },
  {
    path: paths.buyWebsite,
    title: 'Buy a Website',
  },
  {
    path: paths.buildWebsite,
    title: 'Custom Website Development',
  },
  {
    path: paths.websiteRequest,
    title: 'Request a Website',
  },
  {
    path: paths.requestService,
    title: 'Request a Service',
  },
  {
    path: paths.speedOptimization,
    title: 'Website Speed Report in 60 Seconds',
  },
  {
    path: paths.mobileApp,
    title: 'Mobile App Development',
  },
  {
    path: paths.about,
    title: 'About Us',
  },
  {
    path: paths.faq,
    title: 'Frequently Asked Questions',
  },
  {
    path: paths.contact,
    title: 'Contact Us',
  },
  {
    path: paths.buyDomain,
    title: 'Buy a Domain Name',
  },
  {
    path: paths.privacy,
    title: 'Privacy Policy',
  },
  {
    path: paths.terms,
    title: 'Terms of Service',
  },
  ...domainRegistrationPaths.map((path) => ({ path, title: 'Register a Domain' })),
  {
    path: paths.checkout,
    title: 'Checkout',
  },
  {
    path: paths.paymentSuccess,
    title: 'Payment Received',
  },
  {
    path: paths.paymentCancel,
    title: 'Payment Cancelled',
  },
];

/** Pages that should be listed in the sitemap (not the checkout or payment steps). */
export const indexablePages = publicPages.filter(
  (page) => !page.path.startsWith('/payment') && page.path !== paths.checkout,
);

export const notFoundTitle = '404 Page Not Found';

/** Permanent redirects of SPEC §2, answered as HTTP 301 by the server and followed by the app. */
export const redirects: Record<string, string> = {
  '/domain-search': paths.buyDomain,
  '/services/business-development': paths.services,
  '/services/web-development': paths.services,
  '/services/website-development': paths.services,
};

/** Client-rendered routes: the server answers them with the app shell (200). */
export const userRoutes = [
  '/user/dashboard',
  '/user/enhanced-dashboard',
  '/user-dashboard',
  '/dashboard',
  '/user/settings',
  '/user/payments',
  '/user/business-plans',
  '/user/domains',
  '/domain-management',
  '/payment/test',
  '/payment/debug',
  '/SimplePayFast',
];

export const adminProtectedRoutes = [
  '/admin/dashboard',
  '/admin/support-tickets',
  '/admin/website-projects',
  '/admin/domain-orders',
  '/admin/profit-analytics',
  '/admin/dnsimple-management',
  '/admin/database-management',
  '/admin/service-requests',
  '/admin/outbox',
  '/admin/audit-log',
];

export const authRoutes = [
  paths.auth,
  paths.userLogin,
  paths.userRegister,
  paths.forgotPassword,
  paths.userResetPassword,
  paths.resetPassword,
  paths.verifyEmail,
];

export const debugRoutes = ['/debug-login', '/simple-login-test', '/login-test', '/auth-debug'];

export const appShellRoutes = [
  ...userRoutes,
  ...adminProtectedRoutes,
  paths.adminIndex,
  paths.adminLogin,
  paths.adminSetup,
  ...authRoutes,
  ...debugRoutes,
];

/** Whether the server should answer a path with the client-rendered app shell. */
export function isAppShellPath(pathname: string): boolean {
  return appShellRoutes.includes(pathname) || /^\/payment\/details\/[^/]+$/.test(pathname);
}

/** Checkout, payment and subscription paths are the header's checkout context (SPEC §4). */
export function isCheckoutContext(pathname: string): boolean {
  return /^\/(checkout|payment|subscription|SimplePayFast)/i.test(pathname);
}

/** An order's invoice PDF (the customer's own, or any for an administrator). */
export const invoicePdfPath = (orderReference: string) =>
  `/api/orders/${encodeURIComponent(orderReference)}/invoice.pdf`;
