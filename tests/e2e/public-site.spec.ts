import type { Locator } from '@playwright/test';
import {
  documentTitle,
  notFoundTitle,
  pathsOf,
  prerenderedPages,
  redirects,
  routeIds,
  routes,
} from '../../src/shared/routes.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, navigateInApp, test } from './fixtures/console.ts';

test.describe('public pages', () => {
  // One test a page, loaded once for all its checks: each has its own time budget, and the two
  // workers share them out.
  for (const { id, path } of prerenderedPages) {
    test(`${path} renders its heading and title with no console error, and passes axe`, async ({
      page,
      consoleErrors,
    }) => {
      // A signed-out visitor asks nothing that fails, nor what the hint cookies rule out: no
      // GET /api/user (its 401) and no administrator's auth-status.
      const failed: string[] = [];
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(documentTitle(id, 'Sebenza Digital'));
      await expect(page.locator('html')).toHaveAttribute('data-page', id);
      await page.waitForLoadState('networkidle');
      expect(failed).toEqual([]);
      expect(asked).not.toContain('/api/user');
      expect(asked).not.toContain('/api/admin/auth-status');
      expect(consoleErrors).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('content security policy', () => {
  test('a form validated in the browser breaks no CSP rule (zod runs without eval)', async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await gotoHydrated(page, '/user/register');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('E-mail').fill('ayanda@example.co.za');
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/at least 2 characters/).first()).toBeVisible();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('HTML first', () => {
  test('the home page content is in the HTML without JavaScript', async ({ request }) => {
    const response = await request.get('/');
    // React separates adjacent text nodes with empty comments; a reader sees one sentence.
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Transform Your Business with Sebenza Digital');
    expect(html).toContain('placeholder="enter domain name (yourbusiness.co.za)"');
    for (const card of [
      'Websites',
      'Business Plans',
      'Company Registration',
      '60-Second Speed Report',
    ]) {
      expect(html).toContain(card);
    }
    for (const city of ['Cape Town', 'Johannesburg', 'Durban']) expect(html).toContain(city);
    expect(html).toContain('Ready to start?');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    // The server's own address, whatever the build was made with (issue 27 §1).
    expect(html).toContain(`<link rel="canonical" href="${new URL(response.url()).origin}/" />`);
  });
});

test.describe('routing', () => {
  for (const [from, to] of Object.entries(redirects)) {
    test(`${from} lands on ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('every client-rendered page open to visitors has its own title', async ({ page }) => {
    await gotoHydrated(page, '/auth');
    await expect(page).toHaveTitle('Sign in | Sebenza Digital');
    await gotoHydrated(page, '/user/register');
    await expect(page).toHaveTitle('Create an account | Sebenza Digital');
    const open = routeIds.filter(
      (id) => routes[id].guard === 'public' && !('prerender' in routes[id]),
    );
    for (const id of open) {
      for (const path of pathsOf(id)) {
        await navigateInApp(page, path, id);
        await expect(page, path).toHaveTitle(documentTitle(id, 'Sebenza Digital'));
      }
    }
  });

  test('an unknown path answers 404 with the 404 page', async ({ page, consoleErrors }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(notFoundTitle);
    await expect(page.getByRole('heading', { level: 1, name: notFoundTitle })).toBeVisible();
    // The document's own 404 status is the point of this page, not an error of the app.
    expect(consoleErrors.filter((e) => !e.includes('status of 404 (Not Found)'))).toEqual([]);
  });

  test('a user-protected page shows the spinner, then /auth', async ({ page }) => {
    await page.route('**/api/user?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('page-spinner')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an admin-protected page goes to /admin/login', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('header', () => {
  test('navigates with every link at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Services', '/services'],
      ['Contact', '/contact'],
      ['Portfolio', '/portfolio'],
      ['About', '/about'],
      ['FAQ', '/faq'],
      ['Buy A Domain', '/buy-domain'],
      ['Home', '/'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    }
    await expect(page.getByRole('link', { name: 'Login / Signup' })).toHaveAttribute(
      'href',
      '/user/login',
    );
  });

  test('opens the mobile menu by keyboard at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });

  test('shows the cart summary with count and R total, and goes to checkout', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { id: 'a', type: 'package', title: 'Starter website', price: 2499, quantity: 1 },
          { id: 'b', type: 'domain', title: 'mybiz.co.za', price: 120.5, quantity: 2 },
        ]),
      ),
    );
    const summary = page.getByTestId('cart-summary');
    await expect(summary).toContainText('3');
    await expect(summary).toContainText('R 2 740,00');
    await summary.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Starter website')).toBeVisible();
  });
});

test.describe('toasts', () => {
  test('one visible at a time, F8 focuses them, and they close after 5 s', async ({ page }) => {
    await gotoHydrated(page, '/');
    const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
    await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
    await input.press('Enter');
    const toasts = page.locator('.toast').filter({ hasText: 'Invalid Input' });
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('Please enter a domain name');
    await input.press('Enter');
    await expect(page.locator('.toast')).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByRole('list'),
    ).toBeFocused();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 7_000 });
  });
});

// Decision 023: a prerendered page hydrates its header and widgets, not its static sections.
test.describe('partial hydration', () => {
  const hydrated = (locator: Locator) =>
    locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));
  // Pages whose main part is all widget (the basket, a payment's outcome): only the footer stays.
  const allWidget = new Set(['/checkout', '/payment/success', '/payment/cancel']);

  for (const { path } of prerenderedPages) {
    test(`${path} leaves its static sections to the HTML`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await gotoHydrated(page, path);
      expect(await hydrated(page.getByRole('button', { name: 'Open menu' }))).toBe(true);
      expect(await hydrated(page.locator('footer'))).toBe(false);
      if (allWidget.has(path)) return;
      const share = await page.locator('main').evaluate((main) => {
        const elements = [...main.querySelectorAll('*')];
        const live = elements.filter((e) => Object.keys(e).some((k) => k.startsWith('__react')));
        return live.length / elements.length;
      });
      expect(share).toBeLessThan(0.9);
    });
  }

  test('a link in a static section opens its page without a page load', async ({ page }) => {
    await gotoHydrated(page, '/portfolio');
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    const talk = page.getByRole('link', { name: 'Talk to us' });
    expect(await hydrated(talk)).toBe(false);
    await talk.click();
    await expect(page.locator('html[data-page="contact"]')).toBeAttached();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.evaluate(() => 'loadedOnce' in window)).toBe(true);
    // A page opened in the browser is rendered whole, its static sections too.
    expect(await hydrated(page.getByRole('heading', { level: 1 }))).toBe(true);
  });
});
