import type { Page } from '@playwright/test';
import { saToday } from '../../src/shared/dates.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { linkFromMail } from './fixtures/mailbox.ts';
import { signUp, uniqueEmail } from './fixtures/sessions.ts';
import { payTestPaymentAndOpenIt } from './fixtures/test-payment.ts';

/** The Essential business plan (R 3 499,00) in the cart, and the checkout with the terms accepted. */
async function checkoutEssentialPlan(page: Page) {
  await gotoHydrated(page, '/services/business-plan');
  await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
  await gotoHydrated(page, '/checkout');
  await expect(page.getByText(/^Paying as/)).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
}

/** The reference of the order whose EFT page is open. */
const orderOnPage = (page: Page) => /\/payment\/eft\/(SO-[A-Z0-9]{6})$/.exec(page.url())![1]!;

/** The credit statement on the customer's dashboard. */
const statement = (page: Page) => page.getByRole('list', { name: 'Your credit statement' });

test.describe('bank transfers (EFT) and account credit', () => {
  // The e2e administrator is an owner; each test signs its own customer up in the same browser.
  test.use({ signedInAs: 'admin' });

  test('EFT at checkout → bank details, pro-forma, proof → an owner records it in two parts → paid', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const buyer = await signUp(page, 'Sipho Mahlangu');
    await checkoutEssentialPlan(page);
    // A new customer has no credit to offer.
    await expect(page.getByRole('checkbox', { name: /Use my account credit/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay with card (PayFast)' })).toBeEnabled();
    await page.getByRole('button', { name: 'Pay by bank transfer (EFT)' }).click();

    await expect(page).toHaveURL(/\/payment\/eft\/SO-[A-Z0-9]{6}$/);
    const reference = orderOnPage(page);
    await expect(
      page.getByRole('heading', { name: 'Pay by bank transfer', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('note')).toContainText(
      'Test bank details: this site takes test payments only',
    );
    await expect(page.getByTestId('cart-summary')).toHaveCount(0);
    for (const term of ['Bank', 'Account holder', 'Account number', 'Branch code', 'Account type'])
      await expect(page.getByText(term, { exact: true })).toBeVisible();
    await expect(page.getByText('Amount to pay')).toBeVisible();
    await expect(page.getByText('R 3 499,00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Copy payment reference' }).click();
    await expect(page.getByText('Copied', { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await page.getByRole('button', { name: 'Copy amount to pay' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('3499.00');
    await expect(page.getByText(/^Pay by \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();
    await expectNoAxeViolations(page);

    const proForma = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Pro-forma invoice (PDF)' }).click();
    expect((await proForma).suggestedFilename()).toMatch(/\.pdf$/);

    await page.getByLabel('Add a proof of payment').setInputFiles({
      name: 'fnb-proof.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Proof of payment sent').first()).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Proofs of payment sent' }).getByText('fnb-proof.pdf'),
    ).toBeVisible();

    // The owner sees it waiting, with the proof, and records the money as the bank shows it.
    await gotoHydrated(page, '/admin/bank-transfers');
    await expect(page.getByRole('heading', { name: 'Bank transfers', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText(buyer.fullName);
    await expect(row.getByRole('link', { name: 'fnb-proof.pdf' })).toBeVisible();
    await row.getByRole('button', { name: `Record money for ${reference}` }).click();
    const form = page.getByRole('form', { name: 'Record money received' });
    await expect(form.getByLabel('Order reference')).toHaveValue(reference);
    await expect(form.getByLabel('Amount received (R)')).toHaveValue('3499.00');
    await expect(form.getByLabel('Bank statement reference')).toBeFocused();
    await form.getByLabel('Amount received (R)').fill('1000');
    await form.getByLabel('Bank statement reference').fill(`FNB APP ${reference} PART 1`);
    await form.getByRole('button', { name: 'Record money received' }).click();
    await expect(page.getByText(`R 1 000,00 recorded for ${reference}`).first()).toBeVisible();
    await expect(
      page.getByText(`R 2 499,00 is still due on order ${reference}.`).first(),
    ).toBeVisible();
    await expect(row).toContainText('R 2 499,00');

    // The same bank line again is refused, and the form says why.
    await form.getByLabel('Order reference').fill(reference);
    await form.getByLabel('Amount received (R)').fill('1000');
    await form.getByLabel('Bank statement reference').fill(`FNB APP ${reference} PART 1`);
    await form.getByRole('button', { name: 'Record money received' }).click();
    await expect(form.getByRole('alert')).toContainText('This bank line is recorded already');

    // The rest arrives on the statement, with a deposit nobody can match and the bank's fees.
    const today = saToday();
    await page.getByLabel('Bank statement (CSV)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Date,Description,Amount',
          `${today},MAGTAPE CREDIT ${reference},2499.00`,
          `${today},CASH DEPOSIT NO REFERENCE ${Date.now()},150.00`,
          `${today},MONTHLY ACCOUNT FEE,-65.00`,
        ].join('\n'),
      ),
    });
    await page.getByRole('button', { name: 'Import statement' }).click();
    await expect(page.getByText('1 recorded, 0 recorded before, 1 for a person')).toBeVisible();
    await expect(page.getByText('1 skipped', { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recorded', exact: true })).toContainText(
      reference,
    );
    await expect(page.getByRole('region', { name: 'Needs a person' })).toContainText(
      'CASH DEPOSIT NO REFERENCE',
    );
    await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNothingOverflows(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}`).toBe(
        width,
      );
    }

    await gotoHydrated(page, '/user/dashboard');
    const orders = page.getByRole('list', { name: 'Your orders' });
    const order = orders.getByRole('listitem').filter({ hasText: reference });
    await expect(order.getByText(/^(Paid|In progress)$/)).toBeVisible();
    await expect(order.getByRole('link', { name: /^Pay by EFT/ })).toHaveCount(0);
    await expect(order.getByRole('link', { name: /^Invoice INV-\d{6} \(PDF\)$/ })).toBeVisible();

    await gotoHydrated(page, `/payment/eft/${reference}`);
    await expect(page.getByRole('heading', { name: `Order ${reference} is paid` })).toBeVisible();
    await expect(page.getByText('We received R 3 499,00.', { exact: false })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('account credit: empty, a refund kept as credit, part of an order, then a whole order', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const buyer = await signUp(page, 'Naledi Credit-Khumalo');
    await gotoHydrated(page, '/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Account credit' })).toBeVisible();
    await expect(page.getByText(/^You have no account credit\./)).toBeVisible();

    // A card payment, refunded in part to the customer's account credit by an owner.
    const { refundForm } = await payTestPaymentAndOpenIt(page, buyer.fullName);
    await refundForm.getByLabel('Amount (R)').fill('2');
    await refundForm.getByLabel('Reason (on the credit note)').fill('Kept for the next order');
    await refundForm.getByLabel('Keep as the customer’s account credit').check();
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await expect(
      page.getByText('R 2,00 is kept as the customer’s account credit.').first(),
    ).toBeVisible();

    await expect(async () => {
      await gotoHydrated(page, '/user/dashboard');
      await expect(statement(page).getByText('+R 2,00')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('available to spend at checkout')).toBeVisible();
    await expectNoAxeViolations(page);

    // Part of an order from credit, the rest by bank transfer.
    await checkoutEssentialPlan(page);
    await page.getByRole('checkbox', { name: 'Use my account credit (R 2,00 available)' }).check();
    await expect(
      page.getByText('R 2,00 comes off your credit; you pay the other R 3 497,00 below.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Pay by bank transfer (EFT)' }).click();
    await expect(page).toHaveURL(/\/payment\/eft\/SO-[A-Z0-9]{6}$/);
    const summary = page.getByRole('definition');
    await expect(summary.filter({ hasText: 'R 2,00' }).first()).toBeVisible();
    await expect(page.getByText('Pay R 3 497,00 from your banking app')).toBeVisible();

    // An owner adds credit; the customer's statement shows it, and it pays a whole order.
    await gotoHydrated(page, '/admin/bank-transfers');
    const lookup = page.getByRole('search', { name: 'Find a customer’s credit' });
    await lookup.getByLabel('Customer’s e-mail address').fill(buyer.email.toUpperCase());
    await lookup.getByRole('button', { name: 'Find' }).click();
    const adjust = page.getByRole('form', { name: `Adjust ${buyer.fullName}’s credit` });
    await expect(adjust).toBeVisible();
    await adjust.getByRole('button', { name: 'Adjust credit' }).click();
    await expect(adjust.getByText('Say why the credit changes')).toBeVisible();
    await adjust.getByLabel('Amount (R)').fill('3499');
    await adjust.getByLabel('Reason (on their statement)').fill('Goodwill for the late delivery');
    await adjust.getByRole('button', { name: 'Adjust credit' }).click();
    await expect(page.getByText('Credit added').first()).toBeVisible();
    await expect(
      page.getByRole('list', { name: `Credit statement of ${buyer.fullName}` }),
    ).toContainText('Goodwill for the late delivery');

    await checkoutEssentialPlan(page);
    await page
      .getByRole('checkbox', { name: 'Use my account credit (R 3 499,00 available)' })
      .check();
    await expect(page.getByText('Your credit pays for this whole order.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay with card (PayFast)' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay with my account credit' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(
      page.getByText(/^Order SO-[A-Z0-9]{6} is paid from your account credit\.$/).first(),
    ).toBeVisible();
    await expect(statement(page).getByText('Goodwill for the late delivery')).toBeVisible();
    await expect(statement(page).getByText('Balance R 0,00').first()).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('an order started by card is paid by EFT from the dashboard instead', async ({
    page,
    consoleErrors,
  }) => {
    await signUp(page, 'Ayanda Switcher');
    await checkoutEssentialPlan(page);
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel/);

    await gotoHydrated(page, '/user/dashboard');
    const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
    await expect(order.getByText('Awaiting payment')).toBeVisible();
    const reference = (await order.getByText(/^SO-[A-Z0-9]{6}$/).textContent())!;
    await order.getByRole('link', { name: `Pay by EFT for ${reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/eft/${reference}$`));
    await expect(
      page.getByText(`Order ${reference} is not being paid by bank transfer.`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Pay by bank transfer (EFT)' }).click();
    await expect(page.getByRole('heading', { name: 'Our bank details' })).toBeVisible();
    await expect(page.getByText('Payment reference')).toBeVisible();
    await expect(page.getByText('R 3 499,00').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('staff see the page is for owners, without asking for its data', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('staff');
    const invited = await page.request.post('/api/admin/administrators/invitations', {
      data: { email, role: 'staff' },
    });
    expect(invited.status()).toBe(201);
    const token = new URL(await linkFromMail(page.request, email, 'invited to')).searchParams.get(
      'token',
    );
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const staff = await context.newPage();
    const joined = await staff.request.post('/api/admin/invitations/accept', {
      data: { token, name: 'Bongani Staff', password: 'a long passphrase for the back office' },
    });
    expect(joined.ok()).toBe(true);
    const asked: string[] = [];
    staff.on('request', (request) => {
      if (/\/api\/admin\/(bank-transfers|bank-statements|credit)/.test(request.url()))
        asked.push(request.url());
    });
    await gotoHydrated(staff, '/admin/bank-transfers');
    await expect(staff.getByRole('heading', { name: 'This page is for owners' })).toBeVisible();
    await expect(
      staff
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Bank transfers' }),
    ).toHaveCount(0);
    expect(asked).toEqual([]);
    await context.close();
  });
});
