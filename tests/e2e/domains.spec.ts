import type { Page } from '@playwright/test';
import { formatZAR } from '../../src/shared/money.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.DOMAIN_SHOTS_DIR;

/** "Pay now" on the dashboard's newest unpaid order, then "Complete payment" on the simulator. */
async function payFromDashboard(page: Page, total: string) {
  await gotoHydrated(page, '/user/dashboard');
  const orders = page.getByRole('list', { name: 'Your orders' });
  await orders.getByRole('button', { name: 'Pay now' }).first().click();
  await expect(page.getByText(total).first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete payment' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
}

/** A domain of the signed-in customer's, registered for a year: ordered through the API, paid on the simulator. */
async function ownActiveDomain(page: Page, domain: string) {
  const ordered = await page.request.post('/api/orders', {
    data: {
      items: [
        {
          type: 'domain',
          domain,
          years: 1,
          registrant: {
            type: 'individual',
            fullName: 'Nomsa Khumalo',
            email: 'nomsa@example.co.za',
            phone: '082 555 0101',
            address1: '3 Main Road',
            city: 'Durban',
            province: 'KwaZulu-Natal',
            postalCode: '4001',
          },
        },
      ],
    },
  });
  expect(ordered.status()).toBe(201);
  await payFromDashboard(page, formatZAR(11_400));
  await expect(async () => {
    await gotoHydrated(page, '/user/domains');
    await expect(page.getByText(/^Active · expires /)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('domains', () => {
  test('search → result → Register Domain → registration form → cart', async ({
    page,
    consoleErrors,
  }) => {
    const name = `ubuntu-bakery-${Date.now()}`;
    await gotoHydrated(page, '/buy-domain');
    await expect(page.getByRole('cell', { name: 'R 114,00' }).first()).toBeVisible();
    const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
    await input.fill(`  ${name.toUpperCase()}.CO.ZA `);
    await input.press('Enter');
    await expect(page.getByText(`${name}.co.za is available!`)).toBeVisible();
    // One money voice: the same "R 114,00" as the price table, never "R114.00".
    await expect(page.locator('p', { hasText: /R\s114,00 per year/ })).toBeVisible();
    await expect(page.getByText('R114.00')).toHaveCount(0);
    await expect(page.getByText('Live pricing')).toBeVisible();
    await page.getByRole('button', { name: 'Register Domain' }).click();
    await expect(page).toHaveURL(/\/domain-registration$/);
    const selected = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('selectedDomain') ?? '{}'),
    );
    expect(selected.pricing).toMatchObject({
      basePrice: 95,
      customerPrice: 114,
      profitMargin: 19,
      markupPercentage: 20,
      tld: 'za',
      isPremium: false,
    });
    await expect(page.getByText(`${name}.co.za`, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      page.getByText('Enter a South African number, e.g. +27 82 555 0101'),
    ).toBeVisible();
    await page.getByLabel('Register for').selectOption('2');
    await expect(page.getByTestId('domain-total')).toHaveText('R 228,00');
    await page.getByLabel('Full name').fill('Lindiwe Mthembu');
    await page.getByLabel('E-mail').fill('lindiwe@example.co.za');
    await page.getByLabel('Phone').fill('082 555 0101');
    await page.getByLabel('Street address').fill('5 Long Street');
    await page.getByLabel('Town or city').fill('Cape Town');
    await page.getByLabel('Province').selectOption('Western Cape');
    await page.getByLabel('Postal code').fill('8001');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(`Domain ${name}.co.za, 2 years`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toContainText('R 228,00');
    expect(consoleErrors).toEqual([]);
  });

  test('a taken name says so and offers no registration', async ({ page }) => {
    await gotoHydrated(page, '/buy-domain');
    const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
    await input.fill('google.co.za');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(
      page.getByText('google.co.za is already registered.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register Domain' })).toHaveCount(0);
  });

  test('a signed-in customer finds their name and e-mail already in the registrant form', async ({
    page,
    consoleErrors,
  }) => {
    const account = await signUp(page, 'Thabo Prefilled');
    await gotoHydrated(page, '/buy-domain');
    const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
    await input.fill(`thabo-prefill-${Date.now()}.co.za`);
    await input.press('Enter');
    await page.getByRole('button', { name: 'Register Domain' }).click();
    await expect(page).toHaveURL(/\/domain-registration$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Thabo Prefilled');
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
    expect(consoleErrors).toEqual([]);
  });

  test('an unsupported ending shows the Domain Check Failed toast', async ({ page }) => {
    await gotoHydrated(page, '/buy-domain');
    const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
    await input.fill('myshop.xyz');
    await input.press('Enter');
    await expect(page.getByText('Domain Check Failed', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Unable to check domain availability').first()).toBeVisible();
    // The server's own reason stays under the box once the toast is gone.
    await expect(page.getByText(/^We do not register \.xyz names\. Try /)).toBeVisible();
  });

  test('Renew on My domains → renewal line in the cart → paid → renewed two years further', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const domain = `renew-${Date.now()}.co.za`;
    await signUp(page, 'Nomsa Khumalo');
    await ownActiveDomain(page, domain);
    const card = page.getByRole('listitem').filter({ hasText: domain });
    const expiry = (await card.getByText(/^Active · expires /).textContent())!;
    const year = Number(/(\d{4})$/.exec(expiry)![1]);

    await card.getByRole('button', { name: `Renew ${domain}` }).click();
    await card.getByLabel('Renew for').selectOption('2');
    await expect(card.getByText('R 228,00 (R 114,00 a year)')).toBeVisible();
    await card.getByRole('button', { name: 'Add renewal to cart' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(`Renewal of ${domain}, 2 years`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toContainText('R 228,00');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await expect(page.getByText(formatZAR(22_800)).first()).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
    await expect(page.getByText('Paid: R 228,00')).toBeVisible();

    // The local registrar renews at once; My domains shows the registrar's new expiry.
    await expect(async () => {
      await gotoHydrated(page, '/user/domains');
      await expect(page.getByText(new RegExp(`^Active · expires .* ${year + 2}$`))).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });

    // The customer's own name servers, then Google Workspace mail on ours.
    await card.getByRole('button', { name: /Manage DNS/ }).click();
    await card.getByRole('radio', { name: /My own/ }).check();
    await card.getByLabel('Your name servers, one per line').fill('ns1.example.net');
    await card.getByRole('button', { name: 'Save name servers' }).click();
    await expect(card.getByText('Give at least two name servers')).toBeVisible();
    await card
      .getByLabel('Your name servers, one per line')
      .fill('ns1.example.net\nns2.example.net');
    await card.getByRole('button', { name: 'Save name servers' }).click();
    await expect(card.getByText('ns1.example.net, ns2.example.net', { exact: true })).toBeVisible();
    await card.getByRole('radio', { name: /^Ours/ }).check();
    await card.getByRole('button', { name: 'Save name servers' }).click();
    await expect(
      card.getByText('ns1.sebenza.local, ns2.sebenza.local', { exact: true }),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Set up Google Workspace mail' }).click();
    await page.getByRole('button', { name: 'Set it up' }).click();
    await expect(card.getByRole('cell', { name: 'smtp.google.com' })).toBeVisible();
    if (shotDir) {
      await page.screenshot({ path: `${shotDir}/dns-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNothingOverflows(page);
      await page.screenshot({ path: `${shotDir}/dns-360.png`, fullPage: true });
    }
    expect(consoleErrors).toEqual([]);
  });

  test('Lock & owner: the lock switch, the transfer code shown once, the registrant contact', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const domain = `lock-${Date.now()}.co.za`;
    await signUp(page, 'Nomsa Khumalo');
    await ownActiveDomain(page, domain);
    const card = page.getByRole('listitem').filter({ hasText: domain });
    await card.getByRole('button', { name: 'Lock & owner' }).click();

    // Registered locked: no code until the lock is off (the switch works from the keyboard).
    const lock = card.getByRole('switch', { name: 'Registrar lock' });
    await expect(lock).toHaveAttribute('aria-checked', 'true');
    await expect(card.getByRole('button', { name: 'Get transfer code' })).toBeDisabled();
    await lock.focus();
    await page.keyboard.press('Space');
    await expect(lock).toHaveAttribute('aria-checked', 'false');
    await card.getByRole('button', { name: 'Get transfer code' }).click();
    const code = card.getByLabel('Transfer code');
    await expect(code).toHaveText(/^[\w-]{16}$/);
    await expect(card.getByRole('button', { name: 'Copy code' })).toBeVisible();

    // The registrant as the registrar holds it, edited with the registry's rules.
    await expect(card.getByLabel('Phone')).toHaveValue('+27.825550101');
    await card.getByLabel('Country').fill('Z');
    await card.getByRole('button', { name: 'Save registrant' }).click();
    await expect(card.getByText('Use the two-letter country code, e.g. ZA')).toBeVisible();
    await card.getByLabel('Country').fill('ZA');
    await card.getByLabel('Town or city').fill('Pietermaritzburg');
    await card.getByRole('button', { name: 'Save registrant' }).click();
    await expect(page.getByText('Registrant saved').first()).toBeVisible();
    if (shotDir) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shotDir}/lock-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNothingOverflows(page);
      await page.screenshot({ path: `${shotDir}/lock-360.png`, fullPage: true });
    }
    expect(consoleErrors).toEqual([]);
  });
});
