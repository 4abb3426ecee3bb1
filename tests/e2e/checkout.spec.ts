import { expect, gotoHydrated, test } from './fixtures/console.ts';

test.describe('checkout with the PayFast simulator', () => {
  test('package → checkout → sign up keeping the cart → simulator Complete → paid', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    await gotoHydrated(page, '/services/buy-website');
    await page.getByRole('button', { name: 'Add Starter to cart' }).click();
    await page.getByTestId('cart-summary').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByRole('button', { name: 'Sign in to pay' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill('Kagiso Molefe');
    await page.getByLabel('E-mail').fill(`kagiso.${Date.now()}@example.co.za`);
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Ready-made website: Starter')).toBeVisible();

    const pay = page.getByRole('button', { name: 'Pay with card (PayFast)' });
    await expect(pay).toBeDisabled();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await pay.click();
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText('R 2499.00')).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
    await expect(page.getByText('Paid: R 2 499,00')).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toHaveCount(0);

    await gotoHydrated(page, '/user/payments');
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /^PAY-/ }).click();
    await expect(page).toHaveURL(/\/payment\/details\/PAY-/);
    await expect(page.getByText('Ready-made website: Starter')).toBeVisible();
    await expect(page.getByText('Card (PayFast)')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);

    await gotoHydrated(page, '/payment/debug');
    await expect(page.getByRole('heading', { name: 'Payment diagnostics' })).toBeVisible();
    await expect(
      page.getByText('COMPLETE: payment and order paid', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/passphrase=\*{8}$/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('Cancel on the simulator keeps the cart and the order payable', async ({ page }) => {
    await page.request.post('/api/register', {
      data: {
        fullName: 'Ruth Pillay',
        email: `ruth.${Date.now()}@example.co.za`,
        password: 'a long enough passphrase',
      },
    });
    await gotoHydrated(page, '/services/business-plan');
    await page.getByRole('button', { name: 'Add Essential plan to cart' }).click();
    await gotoHydrated(page, '/checkout');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel/);
    await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByTestId('cart-summary')).toContainText('R3499.00');
  });
});
