import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';
import { startSpeedTestSite, type SpeedTestSite } from '../helpers/speed-test-site.ts';

/** Where the report's screenshots are written for a person to look at. */
const shots = process.env.SPEED_REPORT_SHOTS;

let site: SpeedTestSite;
test.beforeAll(async () => {
  site = await startSpeedTestSite();
});
test.afterAll(async () => {
  await site?.close();
});

test.describe('website speed reports', () => {
  test('the home card starts a real report; the page shows the queue, then the report', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, '/');
    const box = page.getByLabel('Your website address');
    if (shots) {
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/home-card.png` });
    }
    await box.fill(site.url('/slow'));
    await page.getByRole('button', { name: 'Test my website' }).click();
    await expect(page).toHaveURL(/\/speed-report\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('progressbar', { name: 'Test progress' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Scores on mobile' })).toBeVisible({
      timeout: 70_000,
    });
    for (const name of ['Performance', 'Accessibility', 'Best practices', 'SEO']) {
      await expect(page.getByRole('figure').filter({ hasText: name })).toBeVisible();
    }
    await expect(page.getByText('Largest Contentful Paint')).toBeVisible();
    await expect(page.getByText(/Poor|Needs improvement/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What to fix first' })).toBeVisible();
    await expect(page.getByText(/^Saves about/).first()).toBeVisible();
    const screenshot = page.getByRole('img', { name: /as the test phone showed it/ });
    await expect(screenshot).toBeVisible();
    expect(await screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      100,
    );
    await expect(page.getByRole('link', { name: 'Ask us to speed it up' })).toBeVisible();
    await page.getByLabel('E-mail me this report').fill('owner@example.co.za');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      "The report's link is on its way to owner@example.co.za.",
    );
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/report-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNothingOverflows(page);
    if (shots) {
      await page.screenshot({ path: `${shots}/report-360.png`, fullPage: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/report-360-top.png` });
      await page.getByRole('heading', { name: 'What to fix first' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/report-360-fixes.png` });
      await page.getByRole('heading', { name: 'Page weight' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/report-360-weight.png` });
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the speed page refuses a private address and an unusable one with a clear message', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services/speed-optimization');
    const box = page.getByLabel('Your website address');
    const start = page.getByRole('button', { name: 'Test my website' });
    await box.fill('ftp://example.co.za');
    await start.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Enter an http:// or https:// website address, such as yourbusiness.co.za',
    );
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await box.fill('http://192.168.1.1/');
    await start.click();
    await expect(page.getByRole('alert')).toHaveText('192.168.1.1 is not a public website');
    await expect(page).toHaveURL(/\/services\/speed-optimization$/);
    if (shots) await page.screenshot({ path: `${shots}/speed-page.png` });
  });

  test('the full report: address into the cart, paid, measured on desktop too, re-tested with a comparison', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, 'Lerato Dube');
    await gotoHydrated(page, '/services/speed-optimization');
    const order = page.getByRole('button', { name: /Add the full report to the cart/ });
    await order.click();
    await expect(page.getByRole('alert')).toHaveText(/Enter a website address/);
    await page.getByLabel('The website to measure').fill(site.url('/fast'));
    await order.click();
    await expect(page).toHaveURL(/\/checkout$/);
    const host = new URL(site.origin).host;
    await expect(
      page.getByText(`60-second speed report: Speed report for ${host}`, { exact: true }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);

    await gotoHydrated(page, '/user/speed-reports');
    await expect(page.getByRole('heading', { name: host })).toBeVisible();
    const runs = page.getByRole('table', { name: `Tests of ${host}, newest first` });
    await expect(runs.getByText('Done')).toBeVisible({ timeout: 90_000 });
    await runs.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/speed-report\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Scores on desktop' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Scores on mobile' })).toBeVisible();

    await gotoHydrated(page, '/user/speed-reports');
    await page.getByRole('button', { name: `Re-test ${host}` }).click();
    await expect(runs.getByRole('row')).toHaveCount(3);
    await expect(runs.getByText('Done')).toHaveCount(2, { timeout: 90_000 });
    await runs.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/speed-report\/[0-9a-f-]{36}$/);
    const since = page.getByRole('region', { name: 'Since the last test' });
    await expect(since.getByRole('list', { name: 'Changes on mobile' })).toContainText(
      /LCP \d+,\d\ss → \d+,\d\ss/,
    );
    await expect(since.getByRole('list', { name: 'Changes on desktop' })).toContainText(
      /Performance \d+ → \d+/,
    );
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/full-report.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test.describe('in the back office', () => {
    test.use({ signedInAs: 'admin' });

    test('administrators see every report with its status, score and failure', async ({
      page,
      baseURL,
    }) => {
      // One report at least, whatever order the tests run in.
      const origin = new URL(baseURL!).origin;
      const asked = await page.request.post('/api/speed-reports', {
        data: { url: site.url('/fast') },
        headers: { origin },
      });
      expect(asked.status()).toBe(202);
      await gotoHydrated(page, '/admin/speed-reports');
      const table = page.getByRole('region', { name: 'Speed reports' });
      await expect(table.getByRole('columnheader', { name: 'Performance' })).toBeVisible();
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expectNoAxeViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/admin-list.png` });
    });
  });
});
