import type { PlanSection } from './business-plans.schemas.ts';

interface SectionGuide {
  title: string;
  /** What a reader (a bank, a funder) looks for here. */
  intro: string;
  prompts: string[];
  example: string;
}

/** The builder's guidance per section, in plan order; the PDF uses the titles. */
export const planSectionGuide: Record<PlanSection, SectionGuide> = {
  executiveSummary: {
    title: 'Executive summary',
    intro:
      'One page a busy credit officer reads first. Write it last, once the other sections are done.',
    prompts: [
      'What does the business sell, and to whom?',
      'How much money do you need, and what will it pay for?',
      'When does the business break even, and how will the loan be repaid?',
      'Why will you succeed: your experience, customers already lined up, a location?',
    ],
    example:
      'Mama Zodwa’s Kitchen is a takeaway in Soweto serving home-style meals to commuters at Bara taxi rank. We ask for a R150 000 loan for a gas range, a cold room and our first month’s stock. Sales of 120 meals a day break even in month 4 and repay the loan over 36 months.',
  },
  business: {
    title: 'The business',
    intro: 'Who owns the business, how it is registered and what it offers.',
    prompts: [
      'Legal form (sole proprietor, (Pty) Ltd) and CIPC registration number',
      'Owners and their shareholding, including B-BBEE ownership',
      'Products or services, and what makes them different',
      'Where you trade: premises, area, online',
    ],
    example:
      'Zodwa Foods (Pty) Ltd, registration 2025/123456/07, is 100% owned by Zodwa Dlamini. We sell plated meals (R65), kotas (R35) and catering for funerals and church events from a leased container at the rank.',
  },
  market: {
    title: 'Market and competitors',
    intro: 'Show that there are enough paying customers, and that you know who else serves them.',
    prompts: [
      'Who are your customers, and how many are there? (Stats SA and municipal figures help.)',
      'What do they buy today, from whom, and at what price?',
      'Who are your three closest competitors, and how do you compare on price and quality?',
      'What could change: new malls, load-shedding, fuel prices?',
    ],
    example:
      'About 40 000 commuters pass Bara rank each weekday. Four stalls sell food there; the nearest fast-food chain is 1.2 km away and charges R80 for a comparable meal.',
  },
  marketing: {
    title: 'Marketing and sales',
    intro: 'How customers will hear about you and why they will buy.',
    prompts: [
      'Your prices, and how they compare',
      'How you reach customers: WhatsApp Business, Facebook, flyers, word of mouth, a website',
      'How you sell: walk-in, orders, contracts, online payments',
      'What you expect to sell in the first months, and why that is realistic',
    ],
    example:
      'We take orders on WhatsApp for collection, hand out flyers at the rank every Monday and offer a loyalty card: the tenth meal free. Card and SnapScan payments are accepted.',
  },
  operations: {
    title: 'Operations',
    intro: 'What it takes to deliver every day.',
    prompts: [
      'Premises and equipment, and what they cost',
      'Suppliers and payment terms',
      'Opening hours, processes and quality control',
      'Risks and what you will do about them (load-shedding, theft, a supplier failing)',
    ],
    example:
      'We buy vegetables from the Johannesburg Fresh Produce Market twice a week and meat from a butcher on 30-day terms. A gas range and a 5 kVA inverter keep us cooking through load-shedding.',
  },
  team: {
    title: 'Team',
    intro: 'The people who will make it work, and the skills they bring.',
    prompts: [
      'The owner’s experience and qualifications',
      'Staff you will employ, their roles and salaries',
      'Advisers: accountant, mentor, industry body',
      'Jobs the business creates (funders such as the NEF and SEFA ask)',
    ],
    example:
      'Zodwa cooked for 12 years at a Sandton hotel. Two cooks and a cashier join at opening (R5 500 a month each); an accountant files our VAT and tax returns.',
  },
};

/** Guidance for the financial assumptions step. */
export const assumptionsGuide = {
  title: 'Financial assumptions',
  intro:
    'Enter amounts excluding VAT. The projection works out 36 months of profit, tax, VAT and cash from these figures.',
};
