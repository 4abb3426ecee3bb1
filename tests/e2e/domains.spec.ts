import { expect, gotoHydrated, test } from './fixtures/console.ts';

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
    await expect(page.getByText('R114.00')).toBeVisible();
    await expect(page.locator('p', { hasText: /R114\.00 per year/ })).toBeVisible();
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
    await expect(page.getByTestId('cart-summary')).toContainText('R228.00');
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

  test('an unsupported ending shows the Domain Check Failed toast', async ({ page }) => {
    await gotoHydrated(page, '/buy-domain');
    const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
    await input.fill('myshop.xyz');
    await input.press('Enter');
    await expect(page.getByText('Domain Check Failed', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Unable to check domain availability').first()).toBeVisible();
  });
});
