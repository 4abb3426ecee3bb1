import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { e2eAdmin } from './fixtures/admin.ts';
import { signUp, uniqueEmail } from './fixtures/sessions.ts';

/** Search a free .co.za name and put one year of it in the cart through the registration form. */
async function addDomainToCart(page: Page, name: string) {
  await gotoHydrated(page, '/buy-domain');
  const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
  await input.fill(`${name}.co.za`);
  await input.press('Enter');
  await page.getByRole('button', { name: 'Register Domain' }).click();
  await expect(page).toHaveURL(/\/domain-registration$/);
  await page.getByLabel('Full name').fill('Kagiso Molefe');
  await page.getByLabel('E-mail').fill('kagiso@example.co.za');
  await page.getByLabel('Phone').fill('082 555 0101');
  await page.getByLabel('Street address').fill('14 Vilakazi Street');
  await page.getByLabel('Town or city').fill('Soweto');
  await page.getByLabel('Province').selectOption('Gauteng');
  await page.getByLabel('Postal code').fill('1804');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

test.describe('checkout with the PayFast simulator', () => {
  test('package + domain → register inline keeping the cart → simulator Complete → paid → dashboard', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const name = `kasi-kitchen-${Date.now()}`;
    await gotoHydrated(page, '/services/buy-website');
    await page.getByRole('button', { name: 'Add to cart: Starter', exact: true }).click();
    await addDomainToCart(page, name);
    await expect(page.getByText('Ready-made website: Starter')).toBeVisible();
    await expect(page.getByText(`Domain ${name}.co.za, 1 year`, { exact: true })).toBeVisible();
    // One domain is one line: no quantity buttons for it.
    await expect(
      page.getByRole('group', { name: `Quantity of Domain ${name}.co.za, 1 year` }),
    ).toHaveCount(0);
    await expect(page.getByTestId('cart-summary')).toContainText('R 2 613,00');

    await expect(page.getByRole('heading', { name: 'Create your account to pay' })).toBeVisible();
    await page.getByLabel('Full name').fill('Kagiso Molefe');
    await page.getByLabel('E-mail').fill(uniqueEmail('kagiso'));
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(/^Paying as Kagiso Molefe/)).toBeVisible();
    await expect(page.getByText('Ready-made website: Starter')).toBeVisible();
    await expect(page.getByLabel('VAT number (optional)')).toBeVisible();
    await expectNoAxeViolations(page);

    const pay = page.getByRole('button', { name: 'Pay with card (PayFast)' });
    await expect(pay).toBeDisabled();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await pay.click();
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText('R 2 613,00')).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
    await expect(page.getByText('Paid: R 2 613,00')).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toHaveCount(0);

    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const orders = page.getByRole('list', { name: 'Your orders' });
    await expect(orders.getByText(/^SO-[A-Z0-9]{6}$/)).toBeVisible();
    await expect(orders.getByText(/^(Paid|In progress)$/)).toBeVisible();
    await expect(orders.getByText('R 2 613,00')).toBeVisible();
    // The Domains panel reads the customer's domains: the name just bought is there, not "no domains".
    await expect(page.getByText(`${name}.co.za`, { exact: true })).toBeVisible();
    await expect(page.getByText('You have no domains yet.', { exact: false })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const invoice = page.waitForEvent('download');
    await orders.getByRole('link', { name: /^Invoice INV-\d{6} \(PDF\)$/ }).click();
    expect((await invoice).suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    const payments = page.getByRole('list', { name: 'Your latest payments' });
    await expect(payments.getByText('Paid', { exact: true })).toBeVisible();
    await payments.getByRole('link', { name: /^PAY-/ }).click();

    await expect(page).toHaveURL(/\/payment\/details\/PAY-/);
    // The paid website package is now also a project on the dashboard: wait for this page itself.
    await expect(page.getByRole('heading', { name: /^Payment PAY-/, level: 1 })).toBeVisible();
    await expect(page.getByText('Ready-made website: Starter')).toBeVisible();
    await expect(page.getByText(`Domain ${name}.co.za, 1 year`)).toBeVisible();
    await expect(page.getByText('Card (PayFast)')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);

    await gotoHydrated(page, '/user/payments');
    await expect(page.getByRole('link', { name: /^INV-\d{6} \(PDF\)$/ })).toBeVisible();

    await gotoHydrated(page, '/payment/debug');
    await expect(page.getByRole('heading', { name: 'Payment diagnostics' })).toBeVisible();
    await expect(
      page.getByText('COMPLETE: payment and order paid', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/passphrase=\*{8}$/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a coupon for .co.za names takes its part off the domain in the cart, and PayFast asks for the rest', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The owner's coupon, made through the back office's API; customers type it in any case.
    const office = await playwright.request.newContext({ baseURL });
    await office.post('/api/admin/login', { data: e2eAdmin });
    const code = `COZA${Date.now().toString(36).toUpperCase()}`;
    const made = await office.post('/api/admin/coupons', {
      data: { code, kind: 'percent', value: 5, endings: ['co.za'] },
    });
    expect(made.status()).toBe(201);
    await office.dispose();

    await signUp(page, 'Naledi Dube');
    await addDomainToCart(page, `naledi-nails-${Date.now()}`);
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    // The coupon field's own status line (the "Added to cart" toast is a status too).
    await expect(page.getByRole('status').filter({ hasText: `${code} applied` })).toContainText(
      `${code} applied: R 5,70 off.`,
    );
    // The order summary: the discount line, and the total it leaves.
    await expect(page.getByText(`Coupon ${code}: 5% off .co.za domains`)).toBeVisible();
    await expect(page.getByText('R 108,30')).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await expect(page.getByText('R 108,30')).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page.getByText('Paid: R 108,30')).toBeVisible();
  });

  test('Cancel on the simulator keeps the cart and the order payable from the dashboard', async ({
    page,
  }) => {
    await signUp(page, 'Ruth Pillay');
    await gotoHydrated(page, '/services/business-plan');
    await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
    await gotoHydrated(page, '/checkout');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    const closed = page.waitForResponse((response) =>
      /\/api\/payments\/PAY-[A-Z0-9]{8}\/cancel\b/.test(response.url()),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel/);
    await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toContainText('R 3 499,00');
    expect((await closed).status()).toBe(200);

    await gotoHydrated(page, '/user/dashboard');
    const orders = page.getByRole('list', { name: 'Your orders' });
    await expect(orders.getByText('Awaiting payment')).toBeVisible();
    const payments = page.getByRole('list', { name: 'Your latest payments' });
    await expect(payments.getByText('Cancelled', { exact: true })).toBeVisible();
    await orders.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText('R 3 499,00')).toBeVisible();
  });
});

test.describe('a second try to pay the same cart', () => {
  test('invoice details typed are kept by Pay; the paid try closes the first one', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, 'Ruth Pillay');
    await gotoHydrated(page, '/services/business-plan');
    await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
    await gotoHydrated(page, '/checkout');
    // Typed in the invoice box, never saved by a button of its own: Pay saves it.
    await expect(page.getByRole('button', { name: 'Save details' })).toHaveCount(0);
    await page.getByLabel('Phone').fill('082 555 0199');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel/);

    await gotoHydrated(page, '/checkout');
    await expect(page.getByLabel('Phone')).toHaveValue('082 555 0199');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page.getByText('Paid: R 3 499,00')).toBeVisible();

    await gotoHydrated(page, '/user/dashboard');
    const orders = page.getByRole('list', { name: 'Your orders' });
    await expect(orders.getByText(/^(Paid|In progress)$/)).toHaveCount(1);
    await expect(orders.getByText('Cancelled', { exact: true })).toHaveCount(1);
    await expect(orders.getByText('Awaiting payment')).toHaveCount(0);
    await expect(orders.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a wrong invoice detail stops Pay with the field in focus, nothing placed', async ({
    page,
  }) => {
    await signUp(page, 'Sipho Dlamini');
    await gotoHydrated(page, '/services/business-plan');
    await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
    await gotoHydrated(page, '/checkout');
    await page.getByLabel('Full name').fill('');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await expect(page.getByText(/Payment not started: Check your invoice details/)).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
  });
});

test.describe('quick payments', () => {
  test.use({ signedInAs: 'customer' });

  test('/payment/test pays R5.00 through the simulator', async ({ page, consoleErrors }) => {
    await gotoHydrated(page, '/payment/test');
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay R 5,00 test payment' }).click();
    await expect(page.getByText('R 5,00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page.getByText('Paid: R 5,00')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('/SimplePayFast: one package straight to PayFast', async ({ page, consoleErrors }) => {
    await gotoHydrated(page, '/SimplePayFast');
    await expect(page.getByRole('heading', { name: 'Quick payment' })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pay with PayFast' });
    await page.getByLabel('Package').selectOption({ label: 'Essential plan: R 3 499,00' });
    await expect(page.getByText('Business plan: Essential plan', { exact: false })).toBeVisible();
    await expect(pay).toBeDisabled();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await pay.click();
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText('R 3 499,00')).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page.getByText('Paid: R 3 499,00')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
