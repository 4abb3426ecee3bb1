import type { Page } from '@playwright/test';
import { catalogue } from '../../src/shared/catalogue.ts';
import { prerenderedPages, routes } from '../../src/shared/routes.ts';
import { expect, gotoHydrated, navigateInApp, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';

/** What the shop charges for a package now (the checkout re-prices a cart to it). */
const rand = (id: string) =>
  catalogue.flatMap((service) => service.packages).find((p) => p.id === id)!.priceCents / 100;

/** A full cart: a long line, a big total and several items (the header's widest state). */
const fullCart = [
  {
    id: 'package:website-online-shop',
    type: 'package',
    packageId: 'website-online-shop',
    addOnIds: [],
    serviceSlug: 'buy-website',
    title: 'Ready-made website: Online shop with every add-on we sell',
    price: rand('website-online-shop'),
    quantity: 3,
  },
  {
    id: 'package:plan-investor',
    type: 'package',
    packageId: 'plan-investor',
    addOnIds: [],
    serviceSlug: 'business-plan',
    title: 'Business plan: Investor plan',
    price: rand('plan-investor'),
  },
];

const customerPages = Object.entries(routes)
  .filter(([, route]) => route.guard === 'user' && !route.path.includes(':'))
  .map(([id, route]) => ({ id, path: route.path }));

/** Every page at this width, moving inside the app; the mobile menu opened on the first one. */
async function walk(page: Page, pages: { id: string; path: string }[]) {
  await gotoHydrated(page, pages[0]!.path);
  await expectNothingOverflows(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectNothingOverflows(page);
  await page.getByRole('button', { name: 'Close menu' }).click();
  for (const { id, path } of pages.slice(1)) {
    await navigateInApp(page, path, id);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNothingOverflows(page);
  }
}

for (const width of [320, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('no public page overflows, signed out with a full cart and the menu open', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.addInitScript(
        (cart) => localStorage.setItem('cart', JSON.stringify(cart)),
        fullCart,
      );
      await walk(page, prerenderedPages);
      await expect(page.getByRole('link', { name: 'Login / Signup' })).toBeVisible();
      // SPEC §2's cart summary: "R" and two decimals, 3 × R9 999 + R11 999.
      await expect(page.getByTestId('cart-summary')).toContainText('R 41 996,00');
    });

    test.describe('signed in', () => {
      test.use({ signedInAs: 'customer' });

      test('no customer page overflows with a full cart and the menu open', async ({ page }) => {
        test.setTimeout(60_000);
        await page.addInitScript(
          (cart) => localStorage.setItem('cart', JSON.stringify(cart)),
          fullCart,
        );
        await walk(page, [...customerPages, { id: 'checkout', path: '/checkout' }]);
        await expect(page.getByRole('link', { name: /Dashboard/ }).first()).toBeVisible();
      });
    });
  });
}
