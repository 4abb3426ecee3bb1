/**
 * Every page of SPEC §2, declared once (decision 009): its path, document title, guard, the paths
 * that render the same page, whether it is prerendered (and listed in the sitemap) and its entry
 * in a side navigation. The server reads this table for the prerendered pages, the app shell,
 * the 404 and the sitemap; the build prerenders from it; the client router, the document titles
 * and the side navigations read it. The page components are bound to the route ids in
 * `client/app/pages.tsx`, typed so that a route without a page does not compile.
 */

/** Who may open a page: anyone, a signed-in customer (else /auth), an administrator (else /admin/login). */
export type Guard = 'public' | 'user' | 'admin';

/** The side navigations that list pages: the customer area and the back office. */
export type NavArea = 'account' | 'admin';

export interface RouteEntry {
  /** The path, as a pattern: `:name` stands for one path segment. */
  readonly path: string;
  /** The document title without the site name. Two routes share a title only if they share a page. */
  readonly title: string;
  readonly guard: Guard;
  /** Other paths SPEC §2 serves the same page on; links use `path`, and only `path` is indexed. */
  readonly aliases?: readonly string[];
  /**
   * Public pages are rendered to HTML at build time (with their description from
   * `page-descriptions.ts`) and listed in the sitemap when `sitemap` is true. Every other route
   * is rendered in the browser from the app shell.
   */
  readonly prerender?: { readonly sitemap: boolean };
  /** The page's link in a side navigation, in table order. */
  readonly nav?: { readonly area: NavArea; readonly label: string };
  /** Back-office pages only an owner may open (the server refuses staff their API the same way). */
  readonly ownerOnly?: true;
}

const listed = { sitemap: true } as const;
const unlisted = { sitemap: false } as const;

export const routes = {
  // Public pages, prerendered (SPEC §2 "Public routes").
  home: {
    path: '/',
    title: 'Websites, Business Plans & Company Registration in South Africa',
    guard: 'public',
    prerender: listed,
  },
  portfolio: {
    path: '/portfolio',
    title: 'Portfolio',
    guard: 'public',
    prerender: listed,
  },
  services: {
    path: '/services',
    title: 'Services',
    guard: 'public',
    prerender: listed,
  },
  serviceBuilder: {
    path: '/service-builder',
    title: 'Service Builder',
    guard: 'public',
    prerender: listed,
  },
  businessRegistration: {
    path: '/services/business-registration',
    title: 'Company Registration (CIPC + SARS)',
    guard: 'public',
    prerender: listed,
  },
  businessPlan: {
    path: '/services/business-plan',
    title: 'Business Plans',
    guard: 'public',
    prerender: listed,
  },
  financialManagement: {
    path: '/services/financial-management',
    title: 'Financial Management',
    guard: 'public',
    prerender: listed,
  },
  buyWebsite: {
    path: '/services/buy-website',
    title: 'Buy a Website',
    guard: 'public',
    prerender: listed,
  },
  buildWebsite: {
    path: '/services/build-website',
    title: 'Custom Website Development',
    guard: 'public',
    prerender: listed,
  },
  websiteRequest: {
    path: '/website-request',
    title: 'Request a Website',
    guard: 'public',
    prerender: listed,
  },
  requestService: {
    path: '/services/request-service',
    title: 'Request a Service',
    guard: 'public',
    prerender: listed,
  },
  speedOptimization: {
    path: '/services/speed-optimization',
    title: 'Website Speed Report in 60 Seconds',
    guard: 'public',
    prerender: listed,
  },
  mobileApp: {
    path: '/services/mobile-app',
    title: 'Mobile App Development',
    guard: 'public',
    prerender: listed,
  },
  about: {
    path: '/about',
    title: 'About Us',
    guard: 'public',
    prerender: listed,
  },
  faq: {
    path: '/faq',
    title: 'Frequently Asked Questions',
    guard: 'public',
    prerender: listed,
  },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    guard: 'public',
    prerender: listed,
  },
  buyDomain: {
    path: '/buy-domain',
    title: 'Buy a Domain Name',
    guard: 'public',
    prerender: listed,
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    guard: 'public',
    prerender: listed,
  },
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    guard: 'public',
    prerender: listed,
  },
  domainRegistration: {
    path: '/domain-registration',
    title: 'Register a Domain',
    guard: 'public',
    aliases: ['/domain/register', '/register-domain'],
    prerender: listed,
  },
  // A speed report: open to anyone with its (unguessable) id, rendered in the browser.
  speedReport: { path: '/speed-report/:id', title: 'Website Speed Report', guard: 'public' },

  // Open payment routes: prerendered, kept out of the sitemap.
  checkout: {
    path: '/checkout',
    title: 'Checkout',
    guard: 'public',
    prerender: unlisted,
  },
  paymentSuccess: {
    path: '/payment/success',
    title: 'Payment Received',
    guard: 'public',
    prerender: unlisted,
  },
  paymentCancel: {
    path: '/payment/cancel',
    title: 'Payment Cancelled',
    guard: 'public',
    prerender: unlisted,
  },

  // Auth routes.
  auth: { path: '/auth', title: 'Sign in', guard: 'public' },
  userLogin: { path: '/user/login', title: 'Sign in', guard: 'public' },
  userRegister: { path: '/user/register', title: 'Create an account', guard: 'public' },
  forgotPassword: { path: '/user/forgot-password', title: 'Forgot your password', guard: 'public' },
  userResetPassword: {
    path: '/user/reset-password',
    title: 'Choose a new password',
    guard: 'public',
  },
  resetPassword: { path: '/reset-password', title: 'Choose a new password', guard: 'public' },
  verifyEmail: {
    path: '/user/verify-email',
    title: 'Confirm your e-mail address',
    guard: 'public',
  },

  // A visitor's support ticket, opened from the reply link they were mailed (no account needed).
  ticketReply: { path: '/support/reply', title: 'Your support ticket', guard: 'public' },
  // A business plan's read-only link, opened by whoever the customer gave it to.
  sharedPlan: { path: '/plans/shared', title: 'Shared business plan', guard: 'public' },
  // The page a closing mail's one-click rating opens (the page sends the rating).
  ticketRating: { path: '/support/rate', title: 'Rate our help', guard: 'public' },
  // What is announced now, read from the API (so not prerendered). Before any `/help/:slug`
  // route, which would match it too (the first route that matches wins).
  helpAnnouncements: { path: '/help/announcements', title: 'Announcements', guard: 'public' },
  // The help centre: rendered by the server with the articles as they are now (decision 036),
  // not at build time. Literal /help/… routes (announcements above) come before helpArticle,
  // whose :slug would match them too.
  help: { path: '/help', title: 'Help centre', guard: 'public' },
  helpArticle: { path: '/help/:slug', title: 'Help article', guard: 'public' },
  // A marketing mail's unsubscribe link (a signed token): one button.
  unsubscribe: { path: '/unsubscribe', title: 'Unsubscribe from news and offers', guard: 'public' },

  // Debug and test routes: the caller's own session state.
  authDebug: {
    path: '/auth-debug',
    title: 'Sign-in diagnostics',
    guard: 'public',
    aliases: ['/debug-login', '/simple-login-test', '/login-test'],
  },

  // The customer area.
  userDashboard: {
    path: '/user/dashboard',
    title: 'Dashboard',
    guard: 'user',
    aliases: ['/user/enhanced-dashboard', '/user-dashboard', '/dashboard'],
    nav: { area: 'account', label: 'Dashboard' },
  },
  userPayments: {
    path: '/user/payments',
    title: 'Payments',
    guard: 'user',
    nav: { area: 'account', label: 'Payments' },
  },
  userDomains: {
    path: '/user/domains',
    title: 'My domains',
    guard: 'user',
    aliases: ['/domain-management'],
    nav: { area: 'account', label: 'Domains' },
  },
  userBusinessPlans: {
    path: '/user/business-plans',
    title: 'My business plans',
    guard: 'user',
    nav: { area: 'account', label: 'Business plans' },
  },
  businessPlanBuilder: { path: '/user/business-plans/:id', title: 'Business plan', guard: 'user' },
  userSpeedReports: {
    path: '/user/speed-reports',
    title: 'My speed reports',
    guard: 'user',
    nav: { area: 'account', label: 'Speed reports' },
  },
  userSupport: {
    path: '/user/support',
    title: 'Support',
    guard: 'user',
    nav: { area: 'account', label: 'Support' },
  },
  userTicket: { path: '/user/support/:reference', title: 'Support ticket', guard: 'user' },
  userProjects: {
    path: '/user/projects',
    title: 'My website projects',
    guard: 'user',
    nav: { area: 'account', label: 'Projects' },
  },
  userProject: { path: '/user/projects/:reference', title: 'Website project', guard: 'user' },
  userRegistrations: {
    path: '/user/registrations',
    title: 'My company registrations',
    guard: 'user',
    nav: { area: 'account', label: 'Registrations' },
  },
  userRegistration: {
    path: '/user/registrations/:reference',
    title: 'Company registration',
    guard: 'user',
  },
  userCompliance: {
    path: '/user/compliance',
    title: 'Compliance calendar',
    guard: 'user',
    nav: { area: 'account', label: 'Compliance' },
  },
  userSettings: {
    path: '/user/settings',
    title: 'Settings',
    guard: 'user',
    nav: { area: 'account', label: 'Settings' },
  },
  userQuote: { path: '/user/quotes/:number', title: 'Your quote', guard: 'user' },
  userOrder: { path: '/user/orders/:reference', title: 'Your order', guard: 'user' },
  // A dunning mail's signed link: pays its order without signing in.
  payLink: { path: '/pay', title: 'Pay your order', guard: 'public' },
  paymentDetails: { path: '/payment/details/:reference', title: 'Payment details', guard: 'user' },
  paymentEft: { path: '/payment/eft/:reference', title: 'Pay by bank transfer', guard: 'user' },
  paymentTest: { path: '/payment/test', title: 'Test payment', guard: 'user' },
  paymentDebug: { path: '/payment/debug', title: 'Payment diagnostics', guard: 'user' },
  simplePayFast: { path: '/SimplePayFast', title: 'Quick payment', guard: 'user' },

  // The back office.
  adminIndex: { path: '/admin', title: 'Back office', guard: 'admin' },
  adminLogin: { path: '/admin/login', title: 'Back office sign in', guard: 'public' },
  adminSetup: { path: '/admin/setup', title: 'Set up the back office', guard: 'public' },
  adminInvitation: { path: '/admin/invitation', title: 'Join the back office', guard: 'public' },
  adminDashboard: {
    path: '/admin/dashboard',
    title: 'Back office dashboard',
    guard: 'admin',
    nav: { area: 'admin', label: 'Dashboard' },
  },
  adminCustomers: {
    path: '/admin/customers',
    title: 'Customers',
    guard: 'admin',
    nav: { area: 'admin', label: 'Customers' },
  },
  adminCustomer: {
    path: '/admin/customers/:id',
    title: 'Customer (back office)',
    guard: 'admin',
  },
  adminInvoices: {
    path: '/admin/invoices',
    title: 'Invoices and quotes',
    guard: 'admin',
    nav: { area: 'admin', label: 'Invoices and quotes' },
  },
  adminNewInvoice: {
    path: '/admin/invoices/new',
    title: 'New invoice or quote',
    guard: 'admin',
  },
  adminQuote: {
    path: '/admin/quotes/:number',
    title: 'Quote (back office)',
    guard: 'admin',
  },
  adminServiceRequests: {
    path: '/admin/service-requests',
    title: 'Service requests',
    guard: 'admin',
    nav: { area: 'admin', label: 'Service requests' },
  },
  adminSupportTickets: {
    path: '/admin/support-tickets',
    title: 'Support tickets',
    guard: 'admin',
    nav: { area: 'admin', label: 'Support tickets' },
  },
  // Before adminTicket, whose :reference would match it too (the first route that matches wins).
  adminCannedReplies: {
    path: '/admin/support-tickets/canned-replies',
    title: 'Canned replies',
    guard: 'admin',
  },
  adminSupportDepartments: {
    path: '/admin/support-tickets/departments',
    title: 'Support departments',
    guard: 'admin',
  },
  adminTicket: {
    path: '/admin/support-tickets/:reference',
    title: 'Support ticket (back office)',
    guard: 'admin',
  },
  adminAnnouncements: {
    path: '/admin/announcements',
    title: 'Announcements (back office)',
    guard: 'admin',
    nav: { area: 'admin', label: 'Announcements' },
  },
  adminHelp: {
    path: '/admin/help',
    title: 'Help centre (back office)',
    guard: 'admin',
    nav: { area: 'admin', label: 'Help centre' },
  },
  adminWebsiteProjects: {
    path: '/admin/website-projects',
    title: 'Website projects',
    guard: 'admin',
    nav: { area: 'admin', label: 'Website projects' },
  },
  adminWebsiteProject: {
    path: '/admin/website-projects/:reference',
    title: 'Website project (back office)',
    guard: 'admin',
  },
  adminRegistrations: {
    path: '/admin/registrations',
    title: 'Company registrations',
    guard: 'admin',
    nav: { area: 'admin', label: 'Registrations' },
  },
  adminRegistration: {
    path: '/admin/registrations/:reference',
    title: 'Company registration (back office)',
    guard: 'admin',
  },
  adminComplianceFilings: {
    path: '/admin/compliance-filings',
    title: 'Compliance filings',
    guard: 'admin',
    nav: { area: 'admin', label: 'Filings' },
  },
  adminBusinessPlans: {
    path: '/admin/business-plans',
    title: 'Business plans (back office)',
    guard: 'admin',
    nav: { area: 'admin', label: 'Business plans' },
  },
  adminBusinessPlan: {
    path: '/admin/business-plans/:id',
    title: 'Business plan (back office)',
    guard: 'admin',
  },
  adminDomainOrders: {
    path: '/admin/domain-orders',
    title: 'Domain orders',
    guard: 'admin',
    nav: { area: 'admin', label: 'Domain orders' },
  },
  adminProfitAnalytics: {
    path: '/admin/profit-analytics',
    title: 'Profit analytics',
    guard: 'admin',
    nav: { area: 'admin', label: 'Profit analytics' },
    ownerOnly: true,
  },
  adminReports: {
    path: '/admin/reports',
    title: 'Reports',
    guard: 'admin',
    nav: { area: 'admin', label: 'Reports' },
    ownerOnly: true,
  },
  adminReconciliation: {
    path: '/admin/reconciliation',
    title: 'Reconciliation',
    guard: 'admin',
    nav: { area: 'admin', label: 'Reconciliation' },
    ownerOnly: true,
  },
  adminBankTransfers: {
    path: '/admin/bank-transfers',
    title: 'Bank transfers',
    guard: 'admin',
    nav: { area: 'admin', label: 'Bank transfers' },
    ownerOnly: true,
  },
  adminSubscriptions: {
    path: '/admin/subscriptions',
    title: 'Subscriptions',
    guard: 'admin',
    nav: { area: 'admin', label: 'Subscriptions' },
  },
  // Staff see who is past due; only owners set the dunning policy.
  adminPastDue: {
    path: '/admin/past-due',
    title: 'Past due',
    guard: 'admin',
    nav: { area: 'admin', label: 'Past due' },
  },
  adminDunning: {
    path: '/admin/dunning',
    title: 'Dunning policy',
    guard: 'admin',
    nav: { area: 'admin', label: 'Dunning policy' },
    ownerOnly: true,
  },
  adminMailTemplates: {
    path: '/admin/mail-templates',
    title: 'E-mail templates',
    guard: 'admin',
    nav: { area: 'admin', label: 'E-mail templates' },
    ownerOnly: true,
  },
  adminMailTemplate: {
    path: '/admin/mail-templates/:key',
    title: 'E-mail template',
    guard: 'admin',
    ownerOnly: true,
  },
  adminCatalogue: {
    path: '/admin/catalogue',
    title: 'Catalogue and prices',
    guard: 'admin',
    nav: { area: 'admin', label: 'Catalogue' },
    ownerOnly: true,
  },
  // Every administrator sees the coupons; only owners create, change or end one.
  adminCoupons: {
    path: '/admin/coupons',
    title: 'Coupons',
    guard: 'admin',
    nav: { area: 'admin', label: 'Coupons' },
  },
  adminDnsimple: {
    path: '/admin/dnsimple-management',
    title: 'DNSimple management',
    guard: 'admin',
    nav: { area: 'admin', label: 'DNSimple management' },
  },
  adminDatabase: {
    path: '/admin/database-management',
    title: 'Database management',
    guard: 'admin',
    nav: { area: 'admin', label: 'Database management' },
    ownerOnly: true,
  },
  adminOutbox: {
    path: '/admin/outbox',
    title: 'Outbox (mail)',
    guard: 'admin',
    nav: { area: 'admin', label: 'Outbox (mail)' },
  },
  adminJobs: {
    path: '/admin/jobs',
    title: 'Background jobs',
    guard: 'admin',
    nav: { area: 'admin', label: 'Background jobs' },
  },
  adminSpeedReports: {
    path: '/admin/speed-reports',
    title: 'Speed reports',
    guard: 'admin',
    nav: { area: 'admin', label: 'Speed reports' },
  },
  adminAuditLog: {
    path: '/admin/audit-log',
    title: 'Audit log',
    guard: 'admin',
    nav: { area: 'admin', label: 'Audit log' },
    ownerOnly: true,
  },
  adminAdministrators: {
    path: '/admin/administrators',
    title: 'Administrators',
    guard: 'admin',
    nav: { area: 'admin', label: 'Administrators' },
    ownerOnly: true,
  },
  adminTwoFactor: {
    path: '/admin/two-factor',
    title: 'Two-factor sign-in',
    guard: 'admin',
    nav: { area: 'admin', label: 'Two-factor sign-in' },
  },
} as const satisfies Record<string, RouteEntry>;

type Routes = typeof routes;
export type RouteId = keyof Routes;

/** The route ids in table order (the order of the side navigations). */
export const routeIds = Object.keys(routes) as RouteId[];

const entry = (id: RouteId): RouteEntry => routes[id];

/** Each route's path (a pattern for routes with parameters). */
export const paths = Object.fromEntries(routeIds.map((id) => [id, routes[id].path])) as {
  readonly [K in RouteId]: Routes[K]['path'];
};

/** The path and the aliases of a route: every path that renders its page. */
export function pathsOf(id: RouteId): string[] {
  return [entry(id).path, ...(entry(id).aliases ?? [])];
}

export const helpArticlePath = (slug: string) => `/help/${encodeURIComponent(slug)}`;

export const ticketPath = (reference: string) => `/user/support/${encodeURIComponent(reference)}`;
export const adminTicketPath = (reference: string) =>
  `/admin/support-tickets/${encodeURIComponent(reference)}`;

export const adminMailTemplatePath = (key: string) =>
  `/admin/mail-templates/${encodeURIComponent(key)}`;
export const adminCustomerPath = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;

/** One of the customer's orders, with the ways to pay it while it is unpaid. */
export const orderPath = (reference: string) => `/user/orders/${encodeURIComponent(reference)}`;
export const quotePath = (number: string) => `/user/quotes/${encodeURIComponent(number)}`;
export const adminQuotePath = (number: string) => `/admin/quotes/${encodeURIComponent(number)}`;
/** The back office's form for a new invoice, or a quote, for one customer when named. */
export const newInvoicePath = (input: { customer?: string; kind?: 'quote' } = {}) => {
  const query = new URLSearchParams(
    Object.entries(input).filter((pair): pair is [string, string] => Boolean(pair[1])),
  ).toString();
  return `/admin/invoices/new${query ? `?${query}` : ''}`;
};

export const businessPlanPath = (id: string) => `/user/business-plans/${encodeURIComponent(id)}`;

export const adminBusinessPlanPath = (id: string) =>
  `/admin/business-plans/${encodeURIComponent(id)}`;

export const projectPath = (reference: string) => `/user/projects/${encodeURIComponent(reference)}`;
export const adminProjectPath = (reference: string) =>
  `/admin/website-projects/${encodeURIComponent(reference)}`;

export const registrationPath = (reference: string) =>
  `/user/registrations/${encodeURIComponent(reference)}`;
export const adminRegistrationPath = (reference: string) =>
  `/admin/registrations/${encodeURIComponent(reference)}`;

export const paymentDetailsPath = (reference: string) =>
  `/payment/details/${encodeURIComponent(reference)}`;

/** How to pay one of the customer's orders by bank transfer (EFT). */
export const bankTransferPath = (orderReference: string) =>
  `/payment/eft/${encodeURIComponent(orderReference)}`;

export const notFoundTitle = '404 Page Not Found';

/** The title in the browser tab: "<title> | <site>" (the home page leads with the site name). */
export function documentTitle(id: RouteId | undefined, siteName: string): string {
  if (!id) return notFoundTitle;
  const { title } = entry(id);
  return id === 'home' ? `${siteName} | ${title}` : `${title} | ${siteName}`;
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/** The route a path belongs to (its own path or an alias); undefined for any other path. */
export function routeOf(pathname: string): RouteId | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routeIds.find((id) => pathsOf(id).some((pattern) => matches(pattern, path)));
}

/** The ids of the prerendered routes. */
export type PrerenderedRouteId = {
  [K in RouteId]: Routes[K] extends { prerender: object } ? K : never;
}[RouteId];

/** One prerendered HTML file: aliases get their own file, with the route's path as canonical. */
export interface PrerenderedPage {
  id: PrerenderedRouteId;
  path: string;
  canonicalPath: string;
}

export const prerenderedPages: PrerenderedPage[] = routeIds.flatMap((id) => {
  const { path, prerender } = entry(id);
  if (!prerender) return [];
  const prerenderedId = id as PrerenderedRouteId;
  return pathsOf(id).map((alias) => ({ id: prerenderedId, path: alias, canonicalPath: path }));
});

/** The paths listed in the sitemap: prerendered pages, not their aliases or the payment steps. */
export const sitemapPaths: string[] = routeIds
  .filter((id) => entry(id).prerender?.sitemap)
  .map((id) => entry(id).path);

/** Whether the server answers a path with the client-rendered app shell (200). */
export function isAppShellPath(pathname: string): boolean {
  const id = routeOf(pathname);
  return id !== undefined && !entry(id).prerender;
}

/** The ids of the routes a side navigation lists. */
export type NavRouteId<A extends NavArea> = {
  [K in RouteId]: Routes[K] extends { nav: { area: A } } ? K : never;
}[RouteId];

/** A side navigation's links, in table order. */
export function navEntries<A extends NavArea>(
  area: A,
): { id: NavRouteId<A>; href: string; label: string; ownerOnly: boolean }[] {
  return routeIds.flatMap((id) => {
    const { nav, path } = entry(id);
    return nav?.area === area
      ? [{ id: id as NavRouteId<A>, href: path, label: nav.label, ownerOnly: isOwnerOnly(id) }]
      : [];
  });
}

/** Whether only an owner may open the page (staff are shown it is not theirs). */
export const isOwnerOnly = (id: RouteId): boolean => entry(id).ownerOnly === true;

/** Permanent redirects of SPEC §2, answered as HTTP 301 by the server and followed by the app. */
export const redirects: Record<string, string> = {
  '/domain-search': paths.buyDomain,
  '/services/business-development': paths.services,
  '/services/web-development': paths.services,
  '/services/website-development': paths.services,
};

/** Checkout, payment and subscription paths are the header's checkout context (SPEC §4). */
export function isCheckoutContext(pathname: string): boolean {
  return /^\/(checkout|payment|subscription|SimplePayFast)/i.test(pathname);
}

/** A quote's PDF (the customer's own, or any for an administrator). */
export const quotePdfPath = (number: string) =>
  `/api/quotes/${encodeURIComponent(number)}/quote.pdf`;

/** An unpaid order's pro-forma invoice PDF, to pay from (not a tax invoice). */
export const proFormaPdfPath = (orderReference: string) =>
  `/api/orders/${encodeURIComponent(orderReference)}/pro-forma.pdf`;

/** An order's invoice PDF (the customer's own, or any for an administrator). */
export const invoicePdfPath = (orderReference: string) =>
  `/api/orders/${encodeURIComponent(orderReference)}/invoice.pdf`;

/** A credit note's PDF by its number, e.g. CN-000007 (the customer's own, or any for an admin). */
export const creditNotePdfPath = (creditNote: string) =>
  `/api/credit-notes/${encodeURIComponent(creditNote)}.pdf`;
