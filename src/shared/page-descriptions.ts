import { domainRegistrationPaths, paths } from './routes.ts';

/** Meta descriptions of the public pages, written into the prerendered HTML by the build. */
export const pageDescriptions: Record<string, string> = {
  [paths.home]:
    'Websites, business plans, CIPC company registration, financial management and domain names for South African businesses, paid securely by card.',
  [paths.portfolio]:
    'Websites, apps and business plans we have delivered for South African businesses.',
  [paths.services]:
    'Every service we offer: websites, business plans, company registration, financial management, custom e-mail, mobile apps and speed reports.',
  [paths.serviceBuilder]:
    'Combine the services you need into one package and see the price as you go.',
  [paths.businessRegistration]:
    'Register your (Pty) Ltd with CIPC and set up income tax, VAT and PAYE with SARS, handled end to end.',
  [paths.businessPlan]:
    'Bank-ready and investor-ready business plans written for the South African market, with financial projections.',
  [paths.financialManagement]:
    'Monthly bookkeeping, management accounts, VAT returns and payroll for small South African businesses.',
  [paths.buyWebsite]:
    'Ready-made, mobile-friendly business websites at a fixed price, live within days.',
  [paths.buildWebsite]:
    'A website designed and built around your business, from online shops to booking systems.',
  [paths.websiteRequest]:
    'Tell us about the website you need and get a fixed quote within one business day.',
  [paths.requestService]:
    'Ask for any of our services and we will come back to you within one business day.',
  [paths.speedOptimization]:
    'A Lighthouse speed-optimisation report for your website in about a minute, with fixes in plain language.',
  [paths.mobileApp]:
    'Android and iPhone apps for South African businesses, designed, built and published.',
  [paths.about]:
    'A Johannesburg team helping South African small businesses start, grow and get online.',
  [paths.faq]: 'Answers about our services, payments, domains, timelines and support.',
  [paths.contact]: 'Talk to our Johannesburg team by e-mail or through the contact form.',
  [paths.buyDomain]:
    'Search for a .co.za, .com, .africa or other domain name and register it in minutes.',
  [paths.privacy]: 'How we collect, use and protect your personal information under POPIA.',
  [paths.terms]: 'The terms that apply when you use our website and buy our services.',
  [paths.checkout]: 'Review your cart and pay securely by card.',
  [paths.paymentSuccess]: 'Thank you for your payment.',
  [paths.paymentCancel]: 'Your payment was cancelled; your cart is still here.',
  ...Object.fromEntries(
    domainRegistrationPaths.map((path) => [
      path,
      'Choose how long to register your domain for and enter the registrant details.',
    ]),
  ),
};
