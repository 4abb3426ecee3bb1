import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { signUp } from './fixtures/sessions.ts';

test.describe('services and requests', () => {
  test('adds a package to the cart from a service page; the header shows count and R total', async ({
    page,
    consoleErrors,
  }) => {
    await gotoHydrated(page, '/services/buy-website');
    await expect(page.getByText('R 4 999,00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart: Business', exact: true }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
    const summary = page.getByTestId('cart-summary');
    await expect(summary).toContainText('1');
    await expect(summary).toContainText('R 4 999,00');
    await page.getByRole('button', { name: 'Add to cart: Starter', exact: true }).click();
    await expect(summary).toContainText('R 7 498,00');
    await summary.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Ready-made website: Business')).toBeVisible();
    await page.getByRole('button', { name: 'One more Ready-made website: Starter' }).click();
    await expect(summary).toContainText('R 9 997,00');
    // The e2e shop is not registered for VAT (no SUPPLIER_VAT_NUMBER): checkout says so and
    // shows no VAT line.
    await expect(
      page.getByText('Review what you are buying. We are not registered for VAT'),
    ).toBeVisible();
    await expect(page.getByText('VAT (15%) included')).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove Ready-made website: Business' }).click();
    await expect(summary).toContainText('R 4 998,00');
    expect(consoleErrors).toEqual([]);
  });

  test('a quote-only package leads to the request form instead of the cart', async ({ page }) => {
    await gotoHydrated(page, '/services/mobile-app');
    await expect(page.getByRole('button', { name: /to cart/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a quote' }).first().click();
    await expect(page).toHaveURL(/#request$/);
  });

  test('the service request form shows field errors, then a reference', async ({ page }) => {
    await gotoHydrated(page, '/services/business-plan');
    const form = page.locator('#request');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Enter your e-mail address')).toBeVisible();
    await expect(form.getByText('Tell us a little more: at least 10 characters')).toBeVisible();
    await form.getByLabel('Your name').fill('Zanele Khumalo');
    await form.getByLabel('E-mail').fill(`zanele.${Date.now()}@example.co.za`);
    await form.getByLabel('What is the plan for?').selectOption('Bank loan');
    await form
      .getByLabel('What is the plan for, and where is the business now?')
      .fill('A plan for a second salon in Pietermaritzburg, for a bank loan.');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByRole('heading', { name: 'Request received' })).toBeVisible();
    await expect(form.getByText(/^SR-[A-Z2-9]{6}$/)).toBeVisible();
  });

  test('the general request form asks which service', async ({ page }) => {
    await gotoHydrated(page, '/services/request-service');
    const form = page.locator('#request');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Choose a service' })).toBeVisible();
    await form.getByLabel('Service').selectOption('financial_management');
    await form.getByLabel('Your name').fill('Themba Nkosi');
    await form.getByLabel('E-mail').fill(`themba.${Date.now()}@example.co.za`);
    await form
      .getByLabel('What can we help you with?')
      .fill('Monthly bookkeeping and VAT for a small plumbing firm.');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByRole('heading', { name: 'Request received' })).toBeVisible();
  });

  test('the contact form shows field errors, then a success state', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const form = page.locator('#message');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Enter a subject of at least 3 characters')).toBeVisible();
    await form.getByLabel('Your name').fill('Lerato Dlamini');
    await form.getByLabel('E-mail').fill('lerato@example.co.za');
    await form.getByLabel('Subject').fill('Domain transfer');
    await form.getByLabel('Message').fill('Can you move my .co.za domain from my old provider?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  });

  test('a signed-in customer sees their request on the dashboard', async ({ page }) => {
    const { email, fullName } = await signUp(page, 'Sizwe Mabaso');
    const created = await page.request.post('/api/service-requests', {
      data: {
        serviceType: 'mobile_app',
        name: fullName,
        email,
        message: 'A delivery app for our butchery in Polokwane.',
      },
    });
    const { reference } = (await created.json()) as { reference: string };
    await gotoHydrated(page, '/user/dashboard');
    await expect(page.getByText(reference)).toBeVisible();
    await expect(page.getByText('Mobile App Development')).toBeVisible();
  });

  test('business registration: ID numbers are checked, then the order goes into the cart', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services/business-registration');
    await page.getByRole('button', { name: 'Choose Complete start-up' }).click();
    const form = page.locator('#order');
    await expect(form.getByTestId('registration-total')).toHaveText('R 2 499,00');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(form.getByText('Propose at least one company name')).toBeVisible();
    await form.getByLabel('1st choice').fill('Ubuntu Bakery');
    await form.getByLabel('Full name').fill('Nandi Zulu');
    await form.getByLabel('ID number').fill('8001015009086');
    await form.getByLabel('Street address').fill('12 Vilakazi Street');
    await form.getByLabel('Town or city').fill('Soweto');
    await form.getByLabel('Province').selectOption('Gauteng');
    await form.getByLabel('Postal code').fill('1804');
    await form.getByLabel('E-mail').fill('nandi@example.co.za');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      form.getByText('This ID number fails its check digit: look for a typing error'),
    ).toBeVisible();
    await form.getByLabel('ID number').fill('8001015009087');
    await page.getByRole('button', { name: 'Choose Basic company' }).click();
    await form.getByRole('checkbox', { name: /^VAT/ }).check();
    await expect(form.getByTestId('registration-total')).toHaveText('R 1 898,00');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByText('Company registration: Basic company (Ubuntu Bakery)', { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toContainText('R 1 898,00');
  });

  test('service builder: the total is the sum of its parts, and the bundle goes into the cart', async ({
    page,
  }) => {
    await gotoHydrated(page, '/service-builder');
    const total = page.getByTestId('builder-total');
    await expect(total).toHaveText('R 0,00');
    await page.getByLabel('Ready-made website', { exact: false }).first().check();
    await expect(total).toHaveText('R 4 999,00');
    await page.getByRole('checkbox', { name: /Extra page/ }).check();
    await expect(total).toHaveText('R 5 449,00');
    await page.getByRole('checkbox', { name: /^Business plan/ }).check();
    await page.getByRole('radio', { name: /Essential plan/ }).check();
    await expect(total).toHaveText('R 8 948,00');
    await expect(page.getByText(/Everything delivered within 7 business days/)).toBeVisible();
    await page.getByRole('button', { name: 'Add bundle to cart' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('cart-summary')).toContainText('R 8 948,00');
    await expect(page.getByTestId('cart-summary')).toContainText('2');
  });

  test('service builder with company registration: its form completes the same cart line; a monthly line has no stepper', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, 'Nandi Zulu');
    await gotoHydrated(page, '/service-builder');
    await page.getByRole('checkbox', { name: /^Company registration/ }).check();
    await page.getByRole('checkbox', { name: /^Financial management/ }).check();
    await page.getByRole('checkbox', { name: /^VAT registration/ }).check();
    // Every box and radio of the builder is one size, whatever its label.
    const sizes = await page
      .locator('#builder input[type=checkbox], #builder input[type=radio]')
      .evaluateAll((boxes) =>
        boxes.map((box) => {
          const { width, height } = box.getBoundingClientRect();
          return `${width}x${height}`;
        }),
      );
    expect(new Set(sizes)).toEqual(new Set(['20x20']));
    await expect(page.getByText(/the next step is its form, then you pay/)).toBeVisible();
    await page.getByRole('button', { name: 'Add bundle to cart' }).click();
    await expect(page).toHaveURL(
      /\/services\/business-registration\?line=registration%3A.+#order$/,
    );

    // Leaving the form keeps the line: the checkout says what it needs and will not take payment.
    await gotoHydrated(page, '/checkout');
    await expect(page.getByText(/^Needs the company details/)).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await expect(
      page.getByText(/Payment not started: Add the company details first/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Add the company details' }).click();

    const form = page.locator('#order');
    // The package and the VAT registration chosen in the builder are kept.
    await expect(form.getByRole('checkbox', { name: /^VAT/ })).toBeChecked();
    await form.getByLabel('1st choice').fill('Ubuntu Bakery');
    await form.getByLabel('Full name').fill('Nandi Zulu');
    await form.getByLabel('ID number').fill('8001015009087');
    await form.getByLabel('Street address').fill('12 Vilakazi Street');
    await form.getByLabel('Town or city').fill('Soweto');
    await form.getByLabel('Province').selectOption('Gauteng');
    await form.getByLabel('Postal code').fill('1804');
    await form.getByLabel('E-mail').fill('nandi@example.co.za');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByTestId('cart-summary');
    await expect(summary).toContainText('2');
    await expect(page.getByText(/\(Ubuntu Bakery\)$/)).toBeVisible();
    await expect(page.getByText(/^Needs the company details/)).toHaveCount(0);
    // Bookkeeping is a monthly service: it reads "per month", with no quantity to choose.
    await expect(page.getByText('R 2 299,00 per month', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByRole('group', { name: /^Quantity of Financial management/ }),
    ).toHaveCount(0);
    await expect(page.getByText('Then, from next month')).toBeVisible();

    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    // The simulator shows the first charge and the monthly one.
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText('R 4 197,00 today')).toBeVisible();
    await expect(page.getByText('R 2 299,00 per month, from')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
