import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import {
  sampleCompany,
  sampleCustomer,
  sampleDocuments,
  samplePfPaymentId,
} from '../../../../tests/helpers/document-samples.ts';
import { logoPaths } from './letterhead.ts';

/**
 * Every document on one letterhead, read back as text the way a reader or a bank's scanner gets
 * it (so the facts are real text, not pictures), for a VAT vendor and for a supplier that is not.
 */
const read = async (kind: keyof typeof sampleDocuments, vatRegistered: boolean) =>
  pdfText(await sampleDocuments[kind](vatRegistered));

const kinds = Object.keys(sampleDocuments) as (keyof typeof sampleDocuments)[];

describe.each([true, false])('documents (VAT-registered: %s)', (vatRegistered) => {
  const company = sampleCompany(vatRegistered);

  it.each(kinds)('%s carries the letterhead and numbered pages', async (kind) => {
    const { pages, text } = await read(kind, vatRegistered);
    for (const fact of [
      company.name,
      `Reg. no. ${company.registrationNumber}`,
      company.address,
      company.email,
      `Tel. ${company.phone}`,
      company.website,
      `Page 1 of ${pages}`,
      `Page ${pages} of ${pages}`,
    ]) {
      expect(text, fact).toContain(fact);
    }
    if (vatRegistered) expect(text).toContain('VAT number 4123456789');
    else expect(text).not.toContain('4123456789');
  });

  it.each(['invoice', 'pro-forma', 'credit-note', 'quote'] as const)(
    '%s names the customer and how to reach them',
    async (kind) => {
      const { text } = await read(kind, vatRegistered);
      for (const fact of [
        sampleCustomer.name,
        `Attn: ${sampleCustomer.attention}`,
        sampleCustomer.email!,
        `Tel. ${sampleCustomer.phone}`,
        sampleCustomer.address!,
      ]) {
        expect(text, fact).toContain(fact);
      }
      // The customer's VAT number is a VAT fact too: only a vendor's documents print it.
      expect(text.includes(`VAT number ${sampleCustomer.vatNumber}`)).toBe(vatRegistered);
      // A supplier that is not registered says nothing of VAT on a money document.
      if (!vatRegistered) expect(text).not.toMatch(/VAT|tax invoice/i);
    },
  );

  it('marks the invoice PAID with the date, each method and its reference', async () => {
    const { text } = await read('invoice', vatRegistered);
    expect(text).toContain(vatRegistered ? 'Tax Invoice' : 'Invoice');
    expect(text).toContain('PAID 5 March 2026');
    expect(text).toContain('Paid in full on 5 March 2026.');
    expect(text).toContain('4 March 2026 Account credit R 696,00');
    expect(text).toContain(`5 March 2026 Card (PayFast) ${samplePfPaymentId} R 10 000,00`);
    expect(text).toContain('Balance due R 0,00');
    if (vatRegistered) {
      expect(text).toContain('Subtotal excl. VAT R 9 300,87');
      expect(text).toContain('VAT (15%) included R 1 395,13');
    }
    expect(text).toContain('Total R 10 696,00');
  });

  it('has the quote say until when it is valid, its deposit and balance, and its terms', async () => {
    const { text } = await read('quote', vatRegistered);
    expect(text).toContain('Quote number Q-000007');
    expect(text).toContain('VALID to 4 April 2026');
    expect(text).toContain(
      `This is not ${vatRegistered ? 'a tax invoice' : 'an invoice'}: ${vatRegistered ? 'a tax invoice' : 'an invoice'} follows each payment.`,
    );
    expect(text).toContain('50% deposit, on acceptance R 5 348,00');
    expect(text).toContain('Balance, on delivery R 5 348,00');
    expect(text).toContain('The balance is due when the site is launched.');
    expect(text).toContain('Accept this quote online in your account by 4 April 2026.');
  });

  it('has the pro-forma say what is still due, by when and how to pay it', async () => {
    const { text } = await read('pro-forma', vatRegistered);
    expect(text).toContain(
      `This is not ${vatRegistered ? 'a tax invoice' : 'an invoice'}: it is issued when the order is paid in full.`,
    );
    expect(text).toContain('DUE R 5 696,00');
    expect(text).toContain('Received so far R 5 000,00');
    expect(text).toContain('Balance due R 5 696,00');
    expect(text).toContain('Please pay R 5 696,00 by 12 March 2026 by EFT into:');
    expect(text).toContain('Reference: ORD-9TRW3HJK');
  });

  it('has the credit note name the invoice it corrects, the reason and the refund', async () => {
    const { text } = await read('credit-note', vatRegistered);
    expect(text).toContain(`Original ${vatRegistered ? 'tax invoice' : 'invoice'} INV-000042`);
    expect(text).toContain('Credit note number CN-000007');
    expect(text).toContain('Pitch deck dropped at the customer’s request');
    expect(text).toContain('Total credited R 1 999,00');
    expect(text).toContain('Refunded by PayFast to the card.');
  });
});

it('draws the logo from the paths of public/logo.svg', () => {
  const svg = readFileSync(new URL('../../../../public/logo.svg', import.meta.url), 'utf8');
  const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]);
  expect(paths).toEqual([logoPaths.mark, logoPaths.arrow]);
});
