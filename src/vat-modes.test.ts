import { globSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prerenderedPages } from '#shared/routes.ts';
import { siteGlobal } from '#shared/site.ts';
import { siteEnvSchema, toSiteConfig } from '#shared/site-env.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { profitCsv } from '#server/features/admin/profit.service.ts';
import { everyMail, missingMails } from '../tests/helpers/every-mail.ts';
import { signUp } from '../tests/helpers/accounts.ts';
import { signInAdmin } from '../tests/helpers/admins.ts';
import { startListeningShop } from '../tests/helpers/listening-shop.ts';
import { moneyJourneys } from '../tests/helpers/money-journeys.ts';
import { pdfText } from '../tests/helpers/pdf-text.ts';

/**
 * Issue 28 §2: every sentence about VAT or a tax invoice comes from src/shared/vat-wording.ts, so
 * a supplier that is not registered for VAT never claims any (VAT Act s20 and s64) and a
 * registered one always says its prices include it and issues tax invoices. Every public page,
 * every mail template and every money document is rendered in both modes and read for a sentence
 * of the other mode.
 */
const modes = [
  { name: 'not registered', vatNumber: '' },
  { name: 'registered', vatNumber: '4123456789' },
] as const;

// The customer's own VAT, which our services handle (registering for VAT, VAT returns, a
// business plan's VAT): words about it are no claim that we charge VAT.
const customersVat = [
  /income tax, VAT and PAYE(?:\/UIF)?/g,
  /CIPC, VAT and PAYE/g,
  /set up VAT/g,
  /Books, VAT and payroll/g,
  /Bookkeeping and VAT/g,
  /CIPC forms, VAT and web hosting/g,
  /VAT and employer registrations/g,
  /VAT and PAYE/g,
  /VAT registration/gi,
  /VAT returns?/g,
  /VAT201/g,
  /VAT period/g,
  /(?:Output and )?input VAT/g,
  /VAT vendors?/g,
  /register for VAT/g,
  /Registered for VAT\?/g,
  /documents for VAT/g,
  /For VAT:/g,
  /VAT \(\+R[^)]*\)/g,
  /VAT at 15% and salary increases/g,
  /profit, tax, VAT and cash/g,
];

const words = (text: string) =>
  text
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The phrases in `text` that only the other mode may say, with some context. */
function otherModeClaims(text: string, registered: boolean): string[] {
  const around = (match: RegExpMatchArray) =>
    text.slice(Math.max(0, match.index! - 60), match.index! + match[0].length + 60);
  if (registered) {
    return [...text.matchAll(/not registered for VAT|no VAT is|Do you charge VAT/gi)].map(around);
  }
  // What an unregistered supplier says of VAT is its own sentences, saying it charges none.
  const own = vatWording(false);
  let rest = text;
  for (const sentence of [own.pricesNote, own.faq.question, own.faq.answer]) {
    rest = rest.replaceAll(sentence, ' ');
  }
  for (const phrase of customersVat) rest = rest.replace(phrase, ' ');
  return [...rest.matchAll(/\bVAT\b|tax invoice/gi)].map((match) =>
    rest.slice(Math.max(0, match.index! - 60), match.index! + match[0].length + 60),
  );
}

// Pages only a signed-in customer or the back office reach are rendered in the browser, not
// here: their source holds no sentence of either mode; each comes from vat-wording.ts.
it('words VAT and tax invoices only in src/shared/vat-wording.ts', () => {
  const claim =
    /tax invoice|VAT invoice|\bincl(?:\.|udes?|uding)\s+VAT\b|\bVAT\s+(?:\(15%\)\s+)?included\b|\bexcl(?:\.|uding)\s+VAT\b/gi;
  // The customer's own business plan (its VAT), and the operator's configuration error.
  const exempt = /business-plan|^src\/server\/config\.ts$|vat-wording\.ts$|\.test\.tsx?$/;
  const found = globSync('src/**/*.{ts,tsx}')
    .filter((file) => !exempt.test(file))
    .flatMap((file) => {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, ' ')
        .replace(/^\s*\/\/.*$/gm, ' ')
        .replace(/\s+/g, ' ');
      return [...code.matchAll(claim)].map((match) => `${file}: ${match[0]}`);
    });
  expect(found).toEqual([]);
});

const settingsOf = (vatNumber: string) =>
  toSiteConfig(siteEnvSchema.parse({ SUPPLIER_VAT_NUMBER: vatNumber }));

describe.each(modes)('a supplier $name for VAT', ({ vatNumber }) => {
  const registered = vatNumber !== '';
  const given = (globalThis as Record<string, unknown>)[siteGlobal];
  afterAll(() => {
    (globalThis as Record<string, unknown>)[siteGlobal] = given;
  });

  it('says nothing of the other mode on any public page', async () => {
    // The client reads the site's settings once, when its modules load: load them afresh.
    (globalThis as Record<string, unknown>)[siteGlobal] = settingsOf(vatNumber);
    vi.resetModules();
    const { render } = await import('./client/prerender.tsx');
    const pages = new Map<string, string>();
    for (const { path, canonicalPath } of prerenderedPages) {
      if (path === canonicalPath) pages.set(path, words((await render(path)).html));
    }
    expect(pages.size).toBeGreaterThan(20);
    const claims = [...pages].flatMap(([path, text]) =>
      otherModeClaims(text, registered).map((claim) => `${path}: ${claim}`),
    );
    expect(claims).toEqual([]);

    // And it says what its own mode says.
    const buyWebsite = pages.get('/services/buy-website')!;
    const faq = pages.get('/faq')!;
    if (registered) {
      expect(buyWebsite).toContain('the price you see is the price you pay, VAT included.');
      expect(faq).toContain('Will I get a tax invoice?');
      expect(pages.get('/terms')).toContain('Your tax invoice shows the VAT amount separately.');
    } else {
      expect(buyWebsite).toContain('the price you see is the price you pay.');
      expect(faq).toContain('Will I get an invoice?');
      expect(pages.get('/')).toContain(vatWording(false).pricesNote);
    }
  });

  it('says nothing of the other mode in any mail', () => {
    const config = { site: settingsOf(vatNumber), publicUrl: 'https://shop.test' };
    const mails = everyMail(config);
    expect(missingMails(mails)).toEqual([]);
    const claims = Object.entries(mails).flatMap(([name, mail]) =>
      otherModeClaims(words(JSON.stringify(mail).replace(/\\n/g, ' ')), registered).map(
        (claim) => `${name}: ${claim}`,
      ),
    );
    expect(claims).toEqual([]);
    const receipt = mails['paymentMails.receiptMail'].text;
    expect(receipt).toContain(
      registered
        ? 'Your tax invoice INV-000001 is attached'
        : 'Your invoice INV-000001 is attached',
    );
    expect(receipt.includes('Includes VAT of')).toBe(registered);
  });

  it('issues documents of its mode, and asks for the address only for a tax invoice', async () => {
    const shop = await startListeningShop({
      SUPPLIER_VAT_NUMBER: vatNumber,
      SUPPLIER_ADDRESS: registered ? '1 Main Rd, Johannesburg' : '',
    });
    try {
      const { t, base, smtp } = shop;
      const customer = await signUp(t.app, { fullName: 'Sipho Ndlovu' });
      const owner = await signInAdmin(t.app);
      const money = moneyJourneys(t.app, base, { customer, owner });
      const get = async (url: string) => {
        const response = await t.app.inject({ url, headers: { cookie: customer.cookie } });
        expect(response.statusCode, url).toBe(200);
        return (await pdfText(response.rawPayload)).text;
      };

      // R 6 999,00: over R 5 000, a tax invoice names the customer's address (VAT Act s20(4)); a
      // plain invoice does not, so an unregistered supplier takes the payment without it.
      const bigOrder = await money.placeOrder('plan-bank-ready');
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${bigOrder.reference}/payfast`,
        headers: { cookie: customer.cookie },
      });
      if (registered) {
        expect(started.statusCode).toBe(400);
        expect(started.json().error).toMatch(/a tax invoice must show your address/);
        await t.app.inject({
          method: 'PATCH',
          url: '/api/user/profile',
          headers: { cookie: customer.cookie },
          payload: { fullName: 'Sipho Ndlovu', address: '4 Bree Street, Cape Town, 8001' },
        });
      } else {
        expect(started.statusCode, started.body).toBe(200);
      }
      const paid = await money.payByCard(bigOrder.reference);
      const invoice = await get(`/api/orders/${bigOrder.reference}/invoice.pdf`);
      await money.refund(paid.reference, {
        amount: 100,
        reason: 'A page fewer',
        destination: 'credit',
      });
      const payment = await t.app.inject({
        url: `/api/payments/${paid.reference}`,
        headers: { cookie: customer.cookie },
      });
      const [refund] = payment.json<{ refunds: { creditNote: string }[] }>().refunds;
      const creditNote = await get(`/api/credit-notes/${refund!.creditNote}.pdf`);
      const eftOrder = await money.placeOrder('website-starter');
      await money.chooseBankTransfer(eftOrder.reference);
      const proForma = await get(`/api/orders/${eftOrder.reference}/pro-forma.pdf`);

      const documents = { invoice, creditNote, proForma };
      const claims = Object.entries(documents).flatMap(([name, text]) =>
        otherModeClaims(text, registered).map((claim) => `${name}: ${claim}`),
      );
      expect(claims).toEqual([]);
      expect(invoice).toContain(vatWording(registered).invoiceTitle);
      expect(invoice.includes('Tax Invoice')).toBe(registered);

      // The mails these journeys sent, as the customer got them.
      await t.app.jobs.drain();
      const sent = smtp.mails.filter((mail) => mail.to.includes(customer.email));
      expect(sent.length).toBeGreaterThan(2);
      const mailClaims = sent.flatMap((mail) =>
        otherModeClaims(words(`${mail.subject} ${mail.text}`), registered).map(
          (claim) => `${mail.subject}: ${claim}`,
        ),
      );
      expect(mailClaims).toEqual([]);
    } finally {
      await shop.close();
    }
  }, 90_000);

  it('has VAT columns in the profit CSV only when it charges VAT', () => {
    const [header] = profitCsv([], registered).split('\r\n');
    expect(header).toBe(
      registered
        ? 'Month,Orders,Revenue incl. VAT (R),VAT (R),Revenue excl. VAT (R),Refunds incl. VAT (R),Overpayments received (R),Card fees incl. VAT (R),Card fees excl. VAT (R),VAT on card fees (R),Registrar costs (R),Gross profit (R)'
        : 'Month,Orders,Revenue (R),Refunds (R),Overpayments received (R),Card fees (R),Registrar costs (R),Gross profit (R)',
    );
  });
});
