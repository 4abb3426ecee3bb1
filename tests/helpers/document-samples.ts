import { emptyAssumptions, emptySections } from '../../src/shared/business-plans.schemas.ts';
import type { SpeedReport, SpeedRun } from '../../src/shared/speed-reports.schemas.ts';
import type { Company, CustomerDetails } from '../../src/server/integrations/pdf/letterhead.ts';
import { businessPlanPdf } from '../../src/server/integrations/pdf/business-plan-pdf.ts';
import {
  renderCreditNotePdf,
  renderInvoicePdf,
  renderProFormaPdf,
} from '../../src/server/integrations/pdf/money-documents-pdf.ts';
import { renderQuotePdf } from '../../src/server/integrations/pdf/quote-pdf.ts';
import { renderSpeedReportPdf } from '../../src/server/integrations/pdf/speed-report-pdf.ts';

/**
 * One of each document the site issues, filled as a real company's would be, for a supplier
 * registered for VAT or not: the PDF tests read them, scripts/render-documents.ts draws them.
 */
export const sampleCompany = (vatRegistered: boolean): Company => ({
  name: 'Sebenza Digital (Pty) Ltd',
  address: '14 Kerk Street, Bedfordview, Johannesburg East, 2008',
  registrationNumber: '2021/456789/07',
  vatNumber: vatRegistered ? '4123456789' : undefined,
  email: 'hello@sebenza.co.za',
  phone: '011 555 0192',
  website: 'sebenza.co.za',
});

export const sampleCustomer: CustomerDetails = {
  name: 'Nkosi Catering (Pty) Ltd',
  attention: 'Thandi Nkosi',
  email: 'thandi@nkosicatering.co.za',
  phone: '082 555 1234',
  address: '12 Vilakazi Street, Orlando West, Soweto, 1804',
  vatNumber: '4987654321',
};

export const samplePaidAt = new Date('2026-03-05T09:30:00+02:00');
export const samplePfPaymentId = '2412345';

const lines = [
  {
    title: 'Business plan: Bank-ready plan',
    quantity: 1,
    unitCents: 699_900,
    totalCents: 699_900,
  },
  { title: '12-slide pitch deck (add-on)', quantity: 1, unitCents: 199_900, totalCents: 199_900 },
  {
    title: 'Financial management: Bookkeeping (monthly: 5 March 2026 to 4 April 2026)',
    quantity: 1,
    unitCents: 129_900,
    totalCents: 129_900,
  },
  {
    title: 'CIPC annual return filed (add-on) (yearly: 5 March 2026 to 4 March 2027)',
    quantity: 1,
    unitCents: 39_900,
    totalCents: 39_900,
  },
];
const totalCents = 1_069_600;
const vatCents = (registered: boolean) => (registered ? 139_513 : 0);

export function sampleInvoice(vatRegistered: boolean) {
  return renderInvoicePdf({
    number: 42,
    issuedAt: samplePaidAt,
    orderReference: 'ORD-7KQ2MX4P',
    company: sampleCompany(vatRegistered),
    customer: sampleCustomer,
    lines,
    totalCents,
    vatCents: vatCents(vatRegistered),
    paidWith: 'Account credit and Card (PayFast)',
    payments: [
      {
        paidAt: new Date('2026-03-04T16:10:00+02:00'),
        method: 'Account credit',
        reference: null,
        amountCents: 69_600,
      },
      {
        paidAt: samplePaidAt,
        method: 'Card (PayFast)',
        reference: samplePfPaymentId,
        amountCents: 1_000_000,
      },
    ],
  });
}

export function sampleProForma(vatRegistered: boolean) {
  return renderProFormaPdf({
    orderReference: 'ORD-9TRW3HJK',
    issuedAt: samplePaidAt,
    company: sampleCompany(vatRegistered),
    customer: sampleCustomer,
    lines,
    totalCents,
    vatCents: vatCents(vatRegistered),
    receivedCents: 500_000,
    payment: [
      'Bank: First National Bank',
      'Account holder: Sebenza Digital (Pty) Ltd',
      'Account number: 62812345678 (current / cheque)',
      'Branch code: 250655',
      'Reference: ORD-9TRW3HJK',
      'Amount: R 5 696,00',
    ],
    payBy: new Date('2026-03-12T12:00:00+02:00'),
    test: false,
  });
}

export function sampleCreditNote(vatRegistered: boolean) {
  return renderCreditNotePdf({
    number: 7,
    issuedAt: new Date('2026-03-20T11:00:00+02:00'),
    invoiceNumber: 42,
    orderReference: 'ORD-7KQ2MX4P',
    company: sampleCompany(vatRegistered),
    customer: sampleCustomer,
    reason: 'Pitch deck dropped at the customer’s request',
    totalCents: 199_900,
    vatCents: vatRegistered ? 26_074 : 0,
    refundedHow: 'Refunded by PayFast to the card',
  });
}

export function sampleQuote(vatRegistered: boolean) {
  return renderQuotePdf({
    number: 'Q-000007',
    issuedAt: samplePaidAt,
    validUntil: '2026-04-04',
    company: sampleCompany(vatRegistered),
    customer: sampleCustomer,
    lines,
    totalCents,
    vatCents: vatCents(vatRegistered),
    depositLabel: '50% deposit',
    depositCents: totalCents / 2,
    terms: 'The balance is due when the site is launched. Two rounds of changes are included.',
    accepted: null,
  });
}

export function sampleBusinessPlan(vatRegistered: boolean) {
  return businessPlanPdf(
    {
      name: 'Loan application, March 2026',
      businessName: 'Zodwa Foods',
      sections: {
        ...emptySections,
        executiveSummary:
          'Zodwa Foods sells hot breakfasts and lunches to commuters at Bara taxi rank. About 40 000 commuters pass the rank each weekday.',
      },
      assumptions: {
        ...emptyAssumptions,
        products: [
          {
            name: 'Breakfast plate',
            unitPriceCents: 4_500,
            unitsPerMonth: 1_200,
            monthlyGrowthPercent: 3,
            costOfSalesPercent: 40,
          },
        ],
        salariesCents: 1_800_000,
        rentCents: 450_000,
        otherCostsCents: 150_000,
        startupCostsCents: 3_500_000,
        ownerFundingCents: 5_000_000,
      },
      updatedAt: samplePaidAt,
    },
    sampleCompany(vatRegistered),
  );
}

const run: SpeedRun = {
  scores: { performance: 62, accessibility: 91, bestPractices: 100, seo: 83 },
  metrics: { lcp: 4_120, fcp: 1_850, cls: 0.042, tbt: 310, speedIndex: 3_900 },
  opportunities: [
    {
      id: 'render-blocking-resources',
      title: 'Eliminate render-blocking resources',
      advice: 'Load the fonts and scripts the first screen does not need after the page shows.',
      savingsMs: 1_250,
      savingsBytes: null,
      platformAdvice: {
        platform: 'WordPress',
        text: 'There are a number of WordPress plugins that can help you inline critical assets or defer less important resources.',
      },
    },
    {
      id: 'uses-optimized-images',
      title: 'Compress images',
      advice: 'Save photos as WebP at the size they are shown.',
      savingsMs: 800,
      savingsBytes: 1_840_000,
      platformAdvice: null,
    },
  ],
  pageWeight: [
    { type: 'total', label: 'Total', requests: 48, bytes: 3_200_000 },
    { type: 'image', label: 'Images', requests: 21, bytes: 2_100_000 },
    { type: 'script', label: 'Scripts', requests: 14, bytes: 780_000 },
  ],
  finalUrl: 'https://www.nkosicatering.co.za/',
  warnings: [],
  conditions: {
    lighthouseVersion: '13.0.1',
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    rttMs: 150,
    throughputKbps: 1638.4,
    cpuSlowdown: 4,
    fetchedAt: samplePaidAt.toISOString(),
  },
  largestRequests: [
    {
      url: 'https://www.nkosicatering.co.za/images/hero.jpg',
      resourceType: 'Image',
      transferBytes: 1_240_000,
      startMs: 320,
      endMs: 2_900,
    },
    {
      url: 'https://www.nkosicatering.co.za/assets/app.js',
      resourceType: 'Script',
      transferBytes: 410_000,
      startMs: 180,
      endMs: 1_400,
    },
  ],
};

export function sampleSpeedReport(vatRegistered: boolean) {
  const report: SpeedReport = {
    id: '5b2f3c1e-8d4a-4f6b-9c2e-1a7d3e5f9b10',
    url: 'https://www.nkosicatering.co.za/',
    status: 'done',
    createdAt: samplePaidAt.toISOString(),
    startedAt: samplePaidAt.toISOString(),
    finishedAt: samplePaidAt.toISOString(),
    durationMs: 41_000,
    partial: false,
    mobile: run,
    desktop: null,
    error: null,
    queuePosition: null,
    hasScreenshot: false,
    deadlineMs: 120_000,
    kind: 'free',
    moreOpportunities: 0,
    comparison: null,
  };
  return renderSpeedReportPdf({
    report,
    run,
    company: sampleCompany(vatRegistered),
    siteName: 'Sebenza Digital',
    reportUrl: `https://sebenza.co.za/speed-report/${report.id}`,
    screenshot: null,
  });
}

/** Every sample, by a file name. */
export const sampleDocuments = {
  invoice: sampleInvoice,
  'pro-forma': sampleProForma,
  'credit-note': sampleCreditNote,
  quote: sampleQuote,
  'business-plan': sampleBusinessPlan,
  'speed-report': sampleSpeedReport,
};
