import type { ServiceType } from './service-types.ts';

/**
 * The service catalogue as the code ships it: seeded into the database once (the API and orders
 * price from there; an owner's edits in the back office stay there), and rendered by the pages
 * with the database's edits applied (`liveCatalogue`), so both show the same prices. Amounts are
 * integer cents including VAT at 15%.
 */

export type Billing = 'once' | 'monthly' | 'yearly';

export interface CataloguePackage {
  id: string;
  name: string;
  priceCents: number;
  /** `from`: a starting price, confirmed by quote; only `fixed` packages go into the cart. */
  pricing: 'fixed' | 'from';
  billing: Billing;
  deliveryDays: number;
  /** How the delivery time reads on the page. */
  delivery: string;
  bestFor?: string;
  featured?: boolean;
  features: string[];
  /** A monthly package its customers may pause (seeded once; the owner decides after). */
  pausable?: boolean;
}

export interface CatalogueAddOn {
  id: string;
  name: string;
  priceCents: number;
  billing: Billing;
}

export interface CatalogueService {
  slug: string;
  type: ServiceType;
  name: string;
  summary: string;
  path: string;
  packages: CataloguePackage[];
  addOns: CatalogueAddOn[];
}

export const catalogue: CatalogueService[] = [
  {
    slug: 'business-registration',
    type: 'business_registration',
    name: 'Company registration (CIPC + SARS)',
    summary:
      'A (Pty) Ltd registered with CIPC, the name reserved, and income tax, VAT and PAYE set up with SARS.',
    path: '/services/business-registration',
    packages: [
      {
        id: 'registration-name-reservation',
        name: 'Name reservation',
        priceCents: 24_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 3,
        delivery: '1 to 3 business days',
        features: [
          'Up to four names checked',
          'CIPC fee of R 50 included',
          'Advice if names are rejected',
        ],
      },
      {
        id: 'registration-basic-company',
        name: 'Basic company',
        priceCents: 99_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 10,
        delivery: 'Usually within 10 business days',
        featured: true,
        features: [
          'Name reservation included',
          '(Pty) Ltd with the standard MOI',
          'All CIPC fees included',
          'Registration certificate and share certificates',
          'Beneficial-ownership filing with CIPC',
          'SARS income tax number confirmed',
        ],
      },
      {
        id: 'registration-complete-startup',
        name: 'Complete start-up',
        priceCents: 249_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 20,
        delivery: 'Usually within 4 weeks',
        features: [
          'Everything in Basic company',
          'eFiling activation and public officer',
          'VAT registration, compulsory or voluntary',
          'PAYE, UIF and SDL employer registration',
          'B-BBEE sworn affidavit for small businesses',
          'Documents pack for opening a business bank account',
        ],
      },
    ],
    addOns: [
      { id: 'registration-vat', name: 'VAT registration', priceCents: 89_900, billing: 'once' },
      {
        id: 'registration-paye-uif',
        name: 'PAYE, UIF and SDL registration',
        priceCents: 59_900,
        billing: 'once',
      },
      {
        id: 'registration-bbbee',
        name: 'B-BBEE sworn affidavit',
        priceCents: 19_900,
        billing: 'once',
      },
    ],
  },
  {
    slug: 'business-plan',
    type: 'business_plan',
    name: 'Business plan',
    summary:
      'A plan written with you, with financial projections that banks, investors and funders such as NEF and SEFA expect.',
    path: '/services/business-plan',
    packages: [
      {
        id: 'plan-essential',
        name: 'Essential plan',
        priceCents: 349_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 5,
        delivery: '5 business days',
        features: [
          '12 to 15 pages',
          '12-month cash-flow forecast',
          'Market and competitor overview',
          'One round of changes',
        ],
      },
      {
        id: 'plan-bank-ready',
        name: 'Bank-ready plan',
        priceCents: 699_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 10,
        delivery: '10 business days',
        featured: true,
        features: [
          '25 to 35 pages',
          'Three-year projections, first year monthly',
          'Break-even and loan-repayment analysis',
          'Editable Excel financial model',
          'Two rounds of changes',
        ],
      },
      {
        id: 'plan-investor',
        name: 'Investor plan',
        priceCents: 1_199_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 15,
        delivery: '15 business days',
        features: [
          'Everything in the bank-ready plan',
          'Five-year projections',
          'Best, expected and worst-case scenarios',
          '12-slide pitch deck',
          'A 60-minute pitch rehearsal with our consultant',
        ],
      },
    ],
    addOns: [
      { id: 'plan-pitch-deck', name: '12-slide pitch deck', priceCents: 199_900, billing: 'once' },
      {
        id: 'plan-extra-revision',
        name: 'Extra round of changes',
        priceCents: 79_900,
        billing: 'once',
      },
      {
        id: 'plan-express',
        name: 'Express delivery (3 business days sooner)',
        priceCents: 149_900,
        billing: 'once',
      },
    ],
  },
  {
    slug: 'financial-management',
    type: 'financial_management',
    name: 'Financial management',
    summary:
      'Bookkeeping, VAT201 returns, payroll and management accounts by registered accountants.',
    path: '/services/financial-management',
    packages: [
      {
        id: 'finance-bookkeeping',
        name: 'Bookkeeping',
        priceCents: 129_900,
        pricing: 'fixed',
        billing: 'monthly',
        pausable: true,
        deliveryDays: 5,
        delivery: 'Set up within 5 business days',
        features: [
          'Up to 100 transactions a month',
          'Monthly bank reconciliations',
          'Monthly income statement',
          'Set-up of your accounting software',
        ],
      },
      {
        id: 'finance-bookkeeping-vat',
        name: 'Bookkeeping and VAT',
        priceCents: 229_900,
        pricing: 'fixed',
        billing: 'monthly',
        pausable: true,
        deliveryDays: 5,
        delivery: 'Set up within 5 business days',
        featured: true,
        features: [
          'Up to 250 transactions a month',
          'Everything in Bookkeeping',
          'VAT201 returns prepared and filed',
          'Monthly management accounts',
        ],
      },
      {
        id: 'finance-complete',
        name: 'Complete finance',
        priceCents: 399_900,
        pricing: 'fixed',
        billing: 'monthly',
        pausable: true,
        deliveryDays: 5,
        delivery: 'Set up within 5 business days',
        features: [
          'Up to 400 transactions a month',
          'Everything in Bookkeeping and VAT',
          'Payroll for up to 10 employees',
          'EMP201, EMP501 and UIF declarations',
          'A 30-minute review call each month',
        ],
      },
      {
        id: 'finance-annual-statements',
        name: 'Annual financial statements',
        priceCents: 499_900,
        pricing: 'fixed',
        billing: 'yearly',
        deliveryDays: 20,
        delivery: 'Within 4 weeks of receiving your records',
        features: [
          'Compiled annual financial statements',
          'Directors’ report',
          'Company income tax return (ITR14)',
          'Included at no charge with 12 months of Complete finance',
        ],
      },
      {
        // "We file it for you" on the compliance calendar (issue 34): one filing, for the company
        // the cart line names.
        id: 'compliance-annual-return-filing',
        name: 'CIPC annual return filing',
        priceCents: 49_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 5,
        delivery: 'Filed within 5 business days of your order',
        features: [
          'Annual return filed with CIPC for one company',
          'Beneficial-ownership register checked and filed if due',
          'CIPC fee for turnover under R 1 million included',
          'Confirmation certificate sent to you',
        ],
      },
      {
        // Compliance care (issue 34 §3): the yearly service for one company of the calendar,
        // renewed each year and chased by the "Yearly services" dunning policy.
        id: 'compliance-yearly-care',
        name: 'Compliance care (yearly)',
        priceCents: 119_900,
        pricing: 'fixed',
        billing: 'yearly',
        deliveryDays: 5,
        delivery: 'Each filing made before its due date',
        features: [
          'CIPC annual return filed every year for one company',
          'Beneficial-ownership register updated after each change',
          'CIPC annual-return fee for turnover under R 1 million included',
          'Renewed yearly; switch renewal off at any time',
        ],
      },
    ],
    addOns: [
      {
        id: 'finance-catch-up-month',
        name: 'Catch-up of one outstanding month',
        priceCents: 89_900,
        billing: 'once',
      },
      {
        id: 'finance-cipc-annual-return',
        name: 'CIPC annual return filed',
        priceCents: 39_900,
        billing: 'yearly',
      },
    ],
  },
  {
    slug: 'buy-website',
    type: 'website_development',
    name: 'Ready-made website',
    summary:
      'A professional website at a fixed price, live within 5 to 14 business days, domain and hosting included.',
    path: '/services/buy-website',
    packages: [
      {
        id: 'website-starter',
        name: 'Starter',
        priceCents: 249_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 5,
        delivery: 'Live in 5 business days',
        bestFor: 'Sole traders and service businesses that need a professional presence.',
        features: [
          'Up to 3 pages',
          'Contact form that e-mails you each enquiry',
          'WhatsApp chat button and click-to-call',
          'Google Maps location',
          'One round of changes',
        ],
      },
      {
        id: 'website-business',
        name: 'Business',
        priceCents: 499_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 7,
        delivery: 'Live in 7 business days',
        bestFor: 'Established businesses that want to be found on Google and look the part.',
        featured: true,
        features: [
          'Up to 8 pages',
          'Everything in Starter',
          'News or blog section you can update yourself',
          'Google Business Profile set-up',
          'Search-engine basics: titles, descriptions and sitemap',
          'Two rounds of changes',
        ],
      },
      {
        id: 'website-online-shop',
        name: 'Online Shop',
        priceCents: 999_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 14,
        delivery: 'Live in 14 business days',
        bestFor: 'Shops that want to sell online with card payments and courier delivery.',
        features: [
          'Up to 50 products loaded for you',
          'Everything in Business',
          'Card payments through PayFast',
          'Delivery fees by area, plus collection',
          'Stock levels and order e-mails',
          'A one-hour training session',
        ],
      },
    ],
    addOns: [
      { id: 'website-extra-page', name: 'Extra page', priceCents: 45_000, billing: 'once' },
      {
        id: 'website-copywriting',
        name: 'Copywriting for every page',
        priceCents: 149_900,
        billing: 'once',
      },
      { id: 'website-logo', name: 'Logo design', priceCents: 199_900, billing: 'once' },
    ],
  },
  {
    slug: 'build-website',
    type: 'website_development',
    name: 'Custom website',
    summary:
      'Designed and built around your customers, processes and systems, at a fixed price agreed after a quote.',
    path: '/services/build-website',
    packages: [
      {
        id: 'custom-brochure',
        name: 'Brochure website with custom design',
        priceCents: 1_499_900,
        pricing: 'from',
        billing: 'once',
        deliveryDays: 25,
        delivery: '4 to 5 weeks',
        features: ['Custom design', 'Content management', 'Search-engine set-up'],
      },
      {
        id: 'custom-bookings',
        name: 'Bookings, quotes or a client portal',
        priceCents: 2_999_900,
        pricing: 'from',
        billing: 'once',
        deliveryDays: 40,
        delivery: '6 to 8 weeks',
        features: [
          'Everything in a brochure website',
          'Bookings, quotes or log-ins',
          'E-mail and SMS notifications',
        ],
      },
      {
        id: 'custom-shop',
        name: 'Online shop with integrations',
        priceCents: 4_499_900,
        pricing: 'from',
        billing: 'once',
        deliveryDays: 50,
        delivery: '8 to 10 weeks',
        features: [
          'Everything in bookings',
          'Stock and accounting integrations',
          'Courier integration',
        ],
      },
    ],
    addOns: [],
  },
  {
    slug: 'custom-email',
    type: 'custom_email',
    name: 'Custom e-mail',
    summary: 'Mailboxes on your own domain with spam filtering, set up on your phones and laptops.',
    path: '/services',
    packages: [
      {
        id: 'email-single',
        name: '1 mailbox',
        priceCents: 5_900,
        pricing: 'fixed',
        billing: 'monthly',
        deliveryDays: 1,
        delivery: 'Working within 1 business day',
        features: ['10 GB of storage', 'Spam and virus filtering', 'SPF, DKIM and DMARC set up'],
      },
      {
        id: 'email-team',
        name: '5 mailboxes',
        priceCents: 27_900,
        pricing: 'fixed',
        billing: 'monthly',
        deliveryDays: 1,
        delivery: 'Working within 1 business day',
        featured: true,
        features: [
          'Everything in the 1-mailbox plan, for each of the 5 mailboxes',
          'Shared calendars and contacts',
          'Set-up on your team’s devices',
        ],
      },
      {
        id: 'email-business',
        name: '20 mailboxes',
        priceCents: 99_900,
        pricing: 'fixed',
        billing: 'monthly',
        deliveryDays: 2,
        delivery: 'Working within 2 business days',
        features: [
          'Everything in the 5-mailbox plan, for all 20 mailboxes',
          '50 GB of storage per mailbox',
          'Priority support',
        ],
      },
    ],
    addOns: [
      {
        id: 'email-migration',
        name: 'Moving an existing mailbox',
        priceCents: 29_900,
        billing: 'once',
      },
      { id: 'email-extra-mailbox', name: 'Extra mailbox', priceCents: 5_900, billing: 'monthly' },
    ],
  },
  {
    slug: 'mobile-app',
    type: 'mobile_app',
    name: 'Mobile app',
    summary: 'Android and iPhone apps for your customers or your team, built from one codebase.',
    path: '/services/mobile-app',
    packages: [
      {
        id: 'app-starter',
        name: 'Starter app',
        priceCents: 4_999_900,
        pricing: 'from',
        billing: 'once',
        deliveryDays: 40,
        delivery: '6 to 8 weeks',
        features: [
          'Android and iPhone from one codebase',
          'Up to 8 screens',
          'Push notifications',
          'Publishing to both app stores',
        ],
      },
      {
        id: 'app-business',
        name: 'Business app',
        priceCents: 11_999_900,
        pricing: 'from',
        billing: 'once',
        deliveryDays: 60,
        delivery: '10 to 12 weeks',
        features: [
          'Everything in Starter app',
          'Customer accounts and log-in',
          'In-app card payments',
          'Admin dashboard for your team',
        ],
      },
      {
        id: 'app-platform',
        name: 'Platform app',
        priceCents: 24_999_900,
        pricing: 'from',
        billing: 'once',
        deliveryDays: 100,
        delivery: '14 to 20 weeks',
        features: [
          'Everything in Business app',
          'Integration with your ERP or accounting system',
          'Offline mode and background sync',
          'Analytics and crash reporting',
        ],
      },
    ],
    addOns: [],
  },
  {
    slug: 'speed-optimization',
    type: 'website_development',
    name: '60-second speed report',
    summary:
      'A Lighthouse report of your website with Core Web Vitals and prioritised fixes, in about a minute.',
    path: '/services/speed-optimization',
    packages: [
      {
        id: 'speed-report',
        name: 'Speed report',
        priceCents: 19_900,
        pricing: 'fixed',
        billing: 'once',
        deliveryDays: 0,
        delivery: 'Delivered in about 60 seconds',
        features: [
          'Mobile and desktop scores',
          'Core Web Vitals',
          'Prioritised list of fixes',
          'PDF to share with your developer',
        ],
      },
    ],
    addOns: [],
  },
];

export const billingSuffix: Record<Billing, string> = {
  once: '',
  monthly: ' per month',
  yearly: ' per year',
};

/**
 * What the back office changed in the catalogue above (issue 19 §4): per service whether it is on
 * sale, per package or add-on (ids are unique across both) the fields an owner edits. The server
 * works it out from the database; pages render the catalogue with it applied.
 */
export interface CatalogueItemEdit {
  priceCents?: number;
  delivery?: string;
  deliveryDays?: number;
  bestFor?: string | null;
  features?: string[];
  active?: boolean;
}
export interface CatalogueEdits {
  services?: Record<string, { active: boolean }>;
  items?: Record<string, CatalogueItemEdit>;
}

/** The catalogue as it is sold now: what is off sale left out, edited prices in. */
export interface LiveCatalogue {
  services: CatalogueService[];
  findService(slug: string): CatalogueService | undefined;
  /** A package's or an add-on's price in cents, by id; undefined when it is not on sale. */
  priceCentsOf(id: string): number | undefined;
  /**
   * The lowest package price of a service (of one billing, when given), for "from R …" lines;
   * undefined when none is sold.
   */
  lowestPriceCents(slug: string, billing?: Billing): number | undefined;
}

function applyEdit<T extends CataloguePackage | CatalogueAddOn>(
  item: T,
  edit: CatalogueItemEdit | undefined,
): T | null {
  if (!edit) return item;
  if (edit.active === false) return null;
  const { bestFor, ...fields } = edit;
  const next = { ...item, ...fields };
  delete (next as CatalogueItemEdit).active;
  if (bestFor !== undefined && 'features' in next) {
    if (bestFor === null) delete (next as CataloguePackage).bestFor;
    else (next as CataloguePackage).bestFor = bestFor;
  }
  return next;
}

export function liveCatalogue(edits: CatalogueEdits = {}): LiveCatalogue {
  const items = edits.items ?? {};
  const services = catalogue
    .filter((service) => edits.services?.[service.slug]?.active !== false)
    .map((service) => ({
      ...service,
      packages: service.packages.flatMap((p) => applyEdit(p, items[p.id]) ?? []),
      addOns: service.addOns.flatMap((a) => applyEdit(a, items[a.id]) ?? []),
    }));
  const findService = (slug: string) => services.find((service) => service.slug === slug);
  return {
    services,
    findService,
    priceCentsOf(id) {
      for (const service of services) {
        const item = [...service.packages, ...service.addOns].find((entry) => entry.id === id);
        if (item) return item.priceCents;
      }
      return undefined;
    },
    lowestPriceCents(slug, billing) {
      const prices =
        findService(slug)
          ?.packages.filter((p) => !billing || p.billing === billing)
          .map((p) => p.priceCents) ?? [];
      return prices.length ? Math.min(...prices) : undefined;
    },
  };
}

/** The endings sold at launch and what the registrar charges per year (cents of `currency`). */
export const tldPrices: {
  tld: string;
  registrationCostCents: number;
  renewalCostCents: number;
  transferCostCents: number;
  currency: 'ZAR' | 'USD';
}[] = [
  {
    tld: 'co.za',
    registrationCostCents: 9_500,
    renewalCostCents: 9_500,
    transferCostCents: 9_500,
    currency: 'ZAR',
  },
  {
    tld: 'com',
    registrationCostCents: 1_450,
    renewalCostCents: 1_450,
    transferCostCents: 1_450,
    currency: 'USD',
  },
  {
    tld: 'net',
    registrationCostCents: 1_650,
    renewalCostCents: 1_650,
    transferCostCents: 1_650,
    currency: 'USD',
  },
  {
    tld: 'org',
    registrationCostCents: 1_550,
    renewalCostCents: 1_550,
    transferCostCents: 1_550,
    currency: 'USD',
  },
  {
    tld: 'africa',
    registrationCostCents: 25_000,
    renewalCostCents: 25_000,
    transferCostCents: 25_000,
    currency: 'ZAR',
  },
  {
    tld: 'joburg',
    registrationCostCents: 18_000,
    renewalCostCents: 18_000,
    transferCostCents: 18_000,
    currency: 'ZAR',
  },
  {
    tld: 'capetown',
    registrationCostCents: 18_000,
    renewalCostCents: 18_000,
    transferCostCents: 18_000,
    currency: 'ZAR',
  },
  {
    tld: 'durban',
    registrationCostCents: 18_000,
    renewalCostCents: 18_000,
    transferCostCents: 18_000,
    currency: 'ZAR',
  },
  {
    tld: 'online',
    registrationCostCents: 3_500,
    renewalCostCents: 3_500,
    transferCostCents: 3_500,
    currency: 'USD',
  },
  {
    tld: 'store',
    registrationCostCents: 5_000,
    renewalCostCents: 5_000,
    transferCostCents: 5_000,
    currency: 'USD',
  },
  {
    tld: 'tech',
    registrationCostCents: 4_500,
    renewalCostCents: 4_500,
    transferCostCents: 4_500,
    currency: 'USD',
  },
];
