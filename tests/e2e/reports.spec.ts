import { vatWording } from '../../src/shared/vat-wording.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

test.describe('reports', () => {
  // The e2e administrator is an owner; the e2e site is not registered for VAT.
  test.use({ signedInAs: 'admin' });

  for (const [width, buyer] of [
    [1280, 'Sipho Mahlangu'],
    [360, 'Naledi Khumalo'],
  ] as const) {
    test(`an owner reads the VAT return, who owes what and revenue by service at ${width} px`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // A customer chooses to pay the Essential business plan by bank transfer: a debt today.
      await signUp(page, buyer);
      await gotoHydrated(page, '/services/business-plan');
      await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
      await gotoHydrated(page, '/checkout');
      await page.getByRole('checkbox', { name: /I accept the/ }).check();
      await page.getByRole('button', { name: 'Pay by bank transfer (EFT)' }).click();
      await expect(page).toHaveURL(/\/payment\/eft\/SO-[A-Z0-9]{6}$/);
      const reference = /(SO-[A-Z0-9]{6})$/.exec(page.url())![1]!;
      // And pays the R 5,00 test payment by card: an invoice, revenue of its own service.
      await gotoHydrated(page, '/payment/test');
      await page.getByRole('button', { name: 'Pay R 5,00 test payment' }).click();
      await page.getByRole('button', { name: 'Complete payment' }).click();
      await expect(page.getByText('Paid: R 5,00')).toBeVisible();

      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, '/admin/reports');
      await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
      const vat = page.getByRole('region', { name: 'VAT return' });
      await expect(vat.getByLabel('VAT period')).toBeVisible();
      await expect(vat.getByText(vatWording(false).noVatReturn!)).toBeVisible();
      // Nothing to file, so nothing to download.
      await expect(vat.getByRole('link', { name: /Download CSV/ })).toHaveCount(0);
      await vat.getByLabel('VAT period').selectOption({ index: 1 });
      await expect(vat.getByText(vatWording(false).noVatReturn!)).toBeVisible();

      const debtors = page.getByRole('region', { name: 'Aged debtors' });
      const row = debtors.getByRole('row', { name: new RegExp(reference) });
      await expect(row).toContainText(buyer);
      await expect(row.getByRole('cell').first()).toHaveText('R 3 499,00');
      await expect(debtors.getByRole('row', { name: /^Total/ })).toBeVisible();
      await expect(
        debtors.getByRole('link', { name: 'Download CSV of aged debtors' }),
      ).toHaveAttribute('href', '/api/admin/reports/aged-debtors.csv');

      const recurring = page.getByRole('region', { name: 'Monthly recurring revenue and churn' });
      // The last 12 months as bars that read out their amounts, and each a row under the
      // heading row.
      const mrr = recurring.getByRole('img', { name: /^MRR at each month’s end: / });
      await expect(mrr.locator('li[data-month]')).toHaveCount(12);
      await expect(recurring.getByRole('row')).toHaveCount(13);

      const revenue = page.getByRole('region', { name: 'Revenue by customer' });
      await expect(revenue.getByLabel('From')).toBeVisible();
      await expect(
        revenue.getByRole('link', { name: 'Download CSV of revenue by customer' }),
      ).toHaveAttribute('href', /^\/api\/admin\/reports\/revenue-by-customer\.csv\?from=/);

      const services = page.getByRole('region', { name: 'Revenue by service' });
      await expect(services.getByRole('figure')).toContainText('Test payments');
      // The chart's text alternative: the table, each service with its figures and the total.
      const tested = services.getByRole('row', { name: /^Test payments/ });
      await expect(tested.getByRole('cell').nth(1)).toHaveText(/^R\s[\d\s]+,\d\d$/);
      await expect(services.getByRole('row', { name: /^Total/ })).toBeVisible();
      await expect(
        services.getByRole('link', { name: 'Download CSV of revenue by service' }),
      ).toHaveAttribute('href', /^\/api\/admin\/reports\/revenue-by-service\.csv\?from=/);

      await page.screenshot({ path: `test-results/reports-${width}.png`, fullPage: true });
      await expectNothingOverflows(page);
      await expectNoAxeViolations(page);
      expect(consoleErrors).toEqual([]);
    });
  }
});
