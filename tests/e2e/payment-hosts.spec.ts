import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { signUp, uniqueEmail } from './fixtures/sessions.ts';

/** The e2e server's PUBLIC_URL is http://127.0.0.1:<port>; the same server answers on localhost. */
const localhost = `http://localhost:${Number(process.env.E2E_PORT ?? 5099)}`;

test.describe('safe payment modes (simulator on a local site)', () => {
  test('opened on localhost: the banner is on the page, the simulator takes the payment and brings the customer back to this host', async ({
    page,
    consoleErrors,
  }) => {
    await gotoHydrated(page, `${localhost}/services/business-plan`);
    await expect(page.getByRole('complementary', { name: 'Test mode' })).toHaveText(
      'Test payments — no money moves',
    );
    const registered = await page.request.post(`${localhost}/api/register`, {
      data: {
        fullName: 'Lerato Dube',
        email: uniqueEmail('lerato'),
        password: 'a long enough passphrase',
      },
    });
    expect(registered.status()).toBe(201);
    await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
    await gotoHydrated(page, `${localhost}/checkout`);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await expect(page).toHaveURL(`${localhost}/payfast-simulator/eng/process`);
    await expect(page.getByText('R 3 499,00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(new RegExp(`^${localhost}/payment/success\\?reference=PAY-`));
    await expect(page.getByText('Paid: R 3 499,00')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the banner opens the client-rendered pages and the 404 too', async ({ page }) => {
    const banner = page.getByRole('complementary', { name: 'Test mode' });
    await gotoHydrated(page, '/user/login');
    await expect(banner).toHaveText('Test payments — no money moves');
    await page.goto('/no-such-page');
    await expect(banner).toHaveText('Test payments — no money moves');
  });

  test('a payment page the browser refuses gives a reason and a working button, not a spinner', async ({
    page,
  }) => {
    await signUp(page, 'Sipho Ndlovu');
    await gotoHydrated(page, '/services/business-plan');
    await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
    await gotoHydrated(page, '/checkout');
    // As if the form pointed where the CSP does not let it go.
    const startPayment = /\/api\/orders\/[^/]+\/payfast\b/;
    await page.route(startPayment, async (route) => {
      const response = await route.fetch();
      const form = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...form, action: 'https://payments.invalid/eng/process' },
      });
    });
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    const pay = page.getByRole('button', { name: 'Pay with card (PayFast)' });
    await pay.click();
    await page.waitForFunction(() => document.body.innerText.includes('Payment not started:'));
    // Playwright keeps waiting for the navigation the CSP blocked before any locator query; a
    // same-document history entry ends that wait (the page itself is long usable again).
    await page.evaluate(() => history.replaceState(history.state, '', location.href));
    await expect(
      page.getByText(
        'Payment not started: Your browser refused to open the payment page (payments.invalid). No money was taken: please try again.',
      ),
    ).toBeVisible();
    await expect(pay).toBeEnabled();
    await expect(pay).toHaveAccessibleDescription(/refused to open the payment page/);
    await expectNoAxeViolations(page);

    await page.unroute(startPayment);
    await pay.click();
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByText('R 3 499,00').first()).toBeVisible();
  });
});
