import { catalogue } from '../../src/shared/catalogue.ts';
import { formatZAR } from '../../src/shared/money.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { signUp } from './fixtures/sessions.ts';

/**
 * Issue 19 §4: a price edited in the back office reaches the prerendered page without a rebuild
 * (in its server HTML, and after hydration), and the checkout charges it. The package is one no
 * other spec prices; its shipped price is put back at the end.
 */
const pkg = catalogue.flatMap((s) => s.packages).find((p) => p.id === 'plan-investor')!;
const newCents = 1_277_750;
const shipped = {
  price: pkg.priceCents / 100,
  delivery: pkg.delivery,
  deliveryDays: pkg.deliveryDays,
  bestFor: pkg.bestFor ?? '',
  features: pkg.features,
  active: true,
};

test.describe('catalogue and prices', () => {
  test.use({ signedInAs: 'admin' });

  test('an owner’s price edit reaches the public page and the checkout without a rebuild', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    try {
      await gotoHydrated(page, '/admin/catalogue');
      await expect(
        page.getByRole('heading', { name: 'Catalogue and prices', level: 1 }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      const plans = page.getByRole('region', { name: 'Business plan' });
      await plans.getByText('Investor plan', { exact: true }).click();
      const form = plans.getByRole('form', { name: 'Investor plan: price and delivery' });
      // The e2e shop is not registered for VAT, so the label says nothing of it.
      const price = form.getByLabel('Price in rand', { exact: true });
      await expect(price).toHaveValue((pkg.priceCents / 100).toFixed(2));

      // A bad amount is refused in the page, with the reason.
      await price.fill('12.345');
      await form.getByRole('button', { name: 'Save Investor plan' }).click();
      await expect(
        form.getByText('Enter the price in rand with at most two decimals'),
      ).toBeVisible();

      await price.fill((newCents / 100).toFixed(2));
      await form.getByRole('button', { name: 'Save Investor plan' }).click();
      await expect(page.getByText('Investor plan saved').first()).toBeVisible();

      // The server's HTML of the prerendered page, no JavaScript: the new price within a minute.
      await expect
        .poll(async () => (await page.request.get('/services/business-plan')).text(), {
          timeout: 60_000,
        })
        .toContain(formatZAR(newCents));
      const html = await (await page.request.get('/services/business-plan')).text();
      expect(html).not.toContain(formatZAR(pkg.priceCents));
      expect(html).toContain('id="catalogue-edits"');

      // A customer's browser: the hydrated page shows it, and the checkout charges it.
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const shopper = await context.newPage();
      const errors: string[] = [];
      shopper.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await signUp(shopper, 'Lerato Investor');
      await gotoHydrated(shopper, '/services/business-plan');
      const card = shopper.getByRole('listitem').filter({ hasText: 'Investor plan' });
      await expect(card.getByText(formatZAR(newCents))).toBeVisible();
      await card.getByRole('button', { name: 'Add to cart: Investor plan' }).click();
      await gotoHydrated(shopper, '/checkout');
      await expect(shopper.getByText('Business plan: Investor plan')).toBeVisible();
      await expect(shopper.getByTestId('cart-summary')).toContainText(formatZAR(newCents));
      await shopper.getByRole('checkbox', { name: /I accept the/ }).check();
      await shopper.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
      await expect(shopper.getByText('Test payment — no money moves')).toBeVisible();
      await expect(shopper.getByText(formatZAR(newCents)).first()).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
      expect(consoleErrors).toEqual([]);
    } finally {
      const restored = await page.request.put('/api/admin/catalogue/packages/plan-investor', {
        data: shipped,
      });
      expect(restored.status()).toBe(200);
    }
  });
});
