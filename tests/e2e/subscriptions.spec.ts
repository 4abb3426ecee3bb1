import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.SUBSCRIPTION_SHOTS_DIR;

test.describe('monthly subscriptions', () => {
  test('buy bookkeeping monthly: PayFast bills the next month, each with its invoice; pause, change package, cancel', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, 'Lerato Mokoena');
    await gotoHydrated(page, '/services/financial-management');
    await page.getByRole('button', { name: 'Add to cart: Bookkeeping', exact: true }).click();
    await gotoHydrated(page, '/checkout');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
    await expect(page.getByText(/^Paid: /)).toBeVisible();

    await gotoHydrated(page, '/user/dashboard');
    await expect(
      page.getByRole('list', { name: 'Your monthly subscriptions' }).getByText(/Bookkeeping/),
    ).toBeVisible();

    await gotoHydrated(page, '/user/payments');
    const section = page.getByRole('region', { name: 'Monthly subscriptions' });
    await expect(
      section.getByRole('heading', { name: 'Financial management: Bookkeeping' }),
    ).toBeVisible();
    await expect(section.getByRole('definition').getByText('R 1 299,00')).toBeVisible();
    await expect(section.getByText('Active', { exact: true })).toBeVisible();

    // The billing day, as PayFast would run it: the simulator charges the next month.
    await page.goto('/payfast-simulator/subscriptions');
    await page.getByRole('button', { name: 'Bill next month' }).first().click();
    await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();

    await gotoHydrated(page, '/user/payments');
    await expect(section.getByRole('link', { name: /^INV-\d{6} \(PDF\)$/ })).toHaveCount(2);

    // Pause (PayFast skips the months) and resume; then Bookkeeping and VAT from the next charge.
    await section.getByLabel('Pause for').selectOption('2');
    await section.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(section.getByText('Paused:', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Resume now' }).click();
    await expect(section.getByText('Paused:', { exact: true })).toHaveCount(0);
    await section.getByLabel(/^Change package from/).selectOption('finance-bookkeeping-vat');
    await section.getByRole('button', { name: 'Change package' }).click();
    await expect(section.getByText(/^Package change from /)).toBeVisible();
    await expect(
      section.getByText(/New package: Financial management: Bookkeeping and VAT/),
    ).toBeVisible();
    await section.getByText('Changes', { exact: true }).click();
    await expect(section.getByText(/· Resumed: charged again from/)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNothingOverflows(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (shotDir) await page.screenshot({ path: `${shotDir}/payments-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNothingOverflows(page);
    if (shotDir) await page.screenshot({ path: `${shotDir}/payments-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A new card on PayFast's card-update page (the simulator's), then back to the payments page.
    await section.getByRole('button', { name: 'Replace card' }).click();
    await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
    await page.getByRole('button', { name: 'Save new card' }).click();
    await expect(page).toHaveURL(/\/user\/payments$/);
    await gotoHydrated(page, '/user/payments');

    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/PayFast stops charging R\s1\s299,00 a month/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText('Cancellation requested').first()).toBeVisible();
    await expect(section.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
