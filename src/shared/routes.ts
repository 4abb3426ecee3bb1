/**
 * Every route of SPEC §2 once. The server reads this table for redirects, status codes, the
 * sitemap and prerendering; the client router and links read it for paths.
 */

export interface PublicPage {
  path: string;
  title: string;
  description: string;
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
    description:
      'Websites, business plans, CIPC company registration, financial management and domain names for South African businesses, paid securely by card.',
  },
  {
    path: paths.portfolio,
    title: 'Portfolio',
    description:
      'Websites, apps and business plans we have delivered for South African businesses.',
  },
  {
    path: paths.services,
    title: 'Services',
    description:
      'Every service we offer: websites, business plans, company registration, financial management, custom e-mail, mobile apps and speed reports.',
  },
  {
    path: paths.serviceBuilder,
    title: 'Service Builder',
    description: 'Combine the services you need into one package and see the price as you go.',
  },
  {
    path: paths.businessRegistration,
    title: 'Company Registration (CIPC + SARS)',
    description:
      'Register your (Pty) Ltd with CIPC and set up income tax, VAT and PAYE with SARS, handled end to end.',
  },
  {
    path: paths.businessPlan,
    title: 'Business Plans',
    description:
      'Bank-ready and investor-ready business plans written for the South African market, with financial projections.',
  },
  {
    path: paths.financialManagement,
    title: 'Financial Management',
    description:
      'Monthly bookkeeping, management accounts, VAT returns and payroll for small South African businesses.',
  },
  {
    path: paths.buyWebsite,
    title: 'Buy a Website',
    description:
      'Ready-made, mobile-friendly business websites at a fixed price, live within days.',
  },
  {
    path: paths.buildWebsite,
    title: 'Custom Website Development',
    description:
      'A website designed and built around your business, from online shops to booking systems.',
  },
  {
    path: paths.websiteRequest,
    title: 'Request a Website',
    description:
      'Tell us about the website you need and get a fixed quote within one business day.',
  },
  {
    path: paths.requestService,
    title: 'Request a Service',
    description:
      'Ask for any of our services and we will come back to you within one business day.',
  },
  {
    path: paths.speedOptimization,
    title: 'Website Speed Report in 60 Seconds',
    description:
      'A Lighthouse speed-optimisation report for your website in about a minute, with fixes in plain language.',
  },
  {
    path: paths.mobileApp,
    title: 'Mobile App Development',
    description:
      'Android and iPhone apps for South African businesses, designed, built and published.',
  },
  {
    path: paths.about,
    title: 'About Us',
    description:
      'A Johannesburg team helping South African small businesses start, grow and get online.',
  },
  {
    path: paths.faq,
    title: 'Frequently Asked Questions',
    description: 'Answers about our services, payments, domains, timelines and support.',
  },
  {
    path: paths.contact,
    title: 'Contact Us',
    description: 'Talk to our Johannesburg team by e-mail or through the contact form.',
  },
  {
    path: paths.buyDomain,
    title: 'Buy a Domain Name',
    description:
      'Search for a .co.za, .com, .africa or other domain name and register it in minutes.',
  },
  {
    path: paths.privacy,
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your personal information under POPIA.',
  },
  {
    path: paths.terms,
    title: 'Terms of Service',
    description: 'The terms that apply when you use our website and buy our services.',
  },
  ...domainRegistrationPaths.map((path) => ({
    path,
    title: 'Register a Domain',
    description: 'Choose how long to register your domain for and enter the registrant details.',
  })),
  {
    path: paths.checkout,
    title: 'Checkout',
    description: 'Review your cart and pay securely by card.',
  },
  {
    path: paths.paymentSuccess,
    title: 'Payment Received',
    description: 'Thank you for your payment.',
  },
  {
    path: paths.paymentCancel,
    title: 'Payment Cancelled',
    description: 'Your payment was cancelled; your cart is still here.',
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
