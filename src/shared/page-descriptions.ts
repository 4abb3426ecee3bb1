import type { PrerenderedRouteId } from './routes.ts';

/**
 * Meta descriptions of the prerendered pages, written into their HTML by the build (kept out of
 * the route table so that the browser bundle does not carry them). A prerendered route without
 * a description does not compile.
 */
export const pageDescriptions: Record<PrerenderedRouteId, string> = {
  home: 'Websites, business plans, CIPC company registration, financial management and domain names for South African businesses, paid securely by card.',
  portfolio: 'Websites, apps and business plans we have delivered for South African businesses.',
  services:
    'Every service we offer: websites, business plans, company registration, financial management, custom e-mail, mobile apps and speed reports.',
  serviceBuilder: 'Combine the services you need into one package and see the price as you go.',
  businessRegistration:
    'Register your (Pty) Ltd with CIPC and set up income tax, VAT and PAYE with SARS, handled end to end.',
  businessPlan:
    'Bank-ready and investor-ready business plans written for the South African market, with financial projections.',
  financialManagement:
    'Monthly bookkeeping, management accounts, VAT returns and payroll for small South African businesses.',
  buyWebsite: 'Ready-made, mobile-friendly business websites at a fixed price, live within days.',
  buildWebsite:
    'A website designed and built around your business, from online shops to booking systems.',
  websiteRequest:
    'Tell us about the website you need and get a fixed quote within one business day.',
  requestService:
    'Ask for any of our services and we will come back to you within one business day.',
  speedOptimization:
    'A Lighthouse speed-optimisation report for your website in about a minute, with fixes in plain language.',
  mobileApp: 'Android and iPhone apps for South African businesses, designed, built and published.',
  about: 'A Johannesburg team helping South African small businesses start, grow and get online.',
  faq: 'Answers about our services, payments, domains, timelines and support.',
  contact: 'Talk to our Johannesburg team by e-mail or through the contact form.',
  buyDomain: 'Search for a .co.za, .com, .africa or other domain name and register it in minutes.',
  privacy: 'How we collect, use and protect your personal information under POPIA.',
  terms: 'The terms that apply when you use our website and buy our services.',
  domainRegistration:
    'Choose how long to register your domain for and enter the registrant details.',
  checkout: 'Review your cart and pay securely by card.',
  paymentSuccess: 'Thank you for your payment.',
  paymentCancel: 'Your payment was cancelled; your cart is still here.',
};
