import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { signUp } from './fixtures/sessions.ts';

/** Where the screenshots of these pages are written for a person to look at (when set). */
const shotDir = process.env.LAYOUT_SHOTS_DIR;
const shoot = async (page: Page, name: string, fullPage = true) => {
  if (shotDir) await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage });
};

/** How much of a card is empty below its last child, in px (its bottom padding when it fits). */
const emptyBelowContent = (card: Locator) =>
  card.evaluate((element) => {
    const bottoms = [...element.children].map((child) => child.getBoundingClientRect().bottom);
    return element.getBoundingClientRect().bottom - Math.max(...bottoms);
  });

/**
 * Every "·" separator in the main content whose line has nothing before it, or nothing after it:
 * a text that starts or ends with one, or a "·" on a line of its own or at the start of a line
 * (measured from where the browser laid out each character).
 */
const strandedSeparators = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const stranded: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const line = node.parentElement?.textContent?.trim() ?? '';
      if (/^·|·$/.test(line)) stranded.push(line);
      for (let at = text.indexOf('·'); at >= 0; at = text.indexOf('·', at + 1)) {
        const before = text.slice(0, at).search(/\S\s*$/);
        if (before < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const dot = range.getBoundingClientRect();
        range.setStart(node, before);
        range.setEnd(node, before + 1);
        const previous = range.getBoundingClientRect();
        if (dot.width > 0 && Math.abs(dot.top - previous.top) > 2) stranded.push(line);
      }
    }
    return stranded;
  });

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.describe('signed in', () => {
      test.use({ signedInAs: 'customer' });

      test('the dashboard’s cards are as tall as their content', async ({ page }) => {
        await gotoHydrated(page, '/user/dashboard');
        const titles = [
          'Orders',
          'Payments',
          'Account credit',
          'Service requests',
          'Support tickets',
          'Website projects',
          'Domains',
          'Business plans',
        ];
        const card = (name: string) =>
          page.getByRole('heading', { name, exact: true, level: 2 }).locator('..');
        // The signed-in customer is shared with other specs, which may have bought something.
        await expect(
          card('Orders')
            .getByText(/No orders yet/)
            .or(page.getByRole('list', { name: 'Your orders' })),
        ).toBeVisible();
        await expect(page.getByText(/^Loading /)).toHaveCount(0);
        const lefts = new Set<number>();
        for (const title of titles) {
          // p-6: 24 px of padding under the last line, no more.
          expect(await emptyBelowContent(card(title)), title).toBeLessThanOrEqual(25);
          lefts.add(Math.round((await card(title).boundingBox())!.x));
        }
        // Two columns of cards on a desktop, one on a phone.
        expect(lefts.size).toBe(width === 1280 ? 2 : 1);
        await shoot(page, `dashboard-${width}`);
      });
    });

    test('package prices and delivery times: no separator stands alone', async ({ page }) => {
      for (const path of [
        '/services/buy-website',
        '/services/build-website',
        '/services/mobile-app',
        '/services',
        '/services/business-registration',
      ]) {
        await gotoHydrated(page, path);
        await expect(page.getByText(/business days|weeks/).first()).toBeVisible();
        expect(await strandedSeparators(page), path).toEqual([]);
      }
      await gotoHydrated(page, '/services/buy-website');
      await expect(page.getByText('Live in 5 business days', { exact: true })).toBeVisible();
      if (shotDir) {
        await page
          .locator('main ul')
          .filter({ hasText: 'Live in 5 business days' })
          .first()
          .screenshot({ path: `${shotDir}/buy-website-packages-${width}.png` });
      }
    });
  });
}

test.describe('the domain search on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/buy-domain']) {
    test(`${path}: the placeholder fits, and the "Invalid Input" toast leaves the result clear`, async ({
      page,
      consoleErrors,
    }) => {
      await gotoHydrated(page, path);
      const input = page.getByPlaceholder('enter domain name (yourbusiness.co.za)');
      await input.scrollIntoViewIfNeeded();
      // The placeholder's text, in the font it is drawn in, against the room inside the input.
      const fit = await input.evaluate((element: HTMLInputElement) => {
        const style = getComputedStyle(element, '::placeholder');
        const box = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          text: context.measureText(element.placeholder).width,
          room: element.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight),
          size: parseFloat(style.fontSize),
        };
      });
      expect(fit.text).toBeLessThanOrEqual(fit.room);
      expect(fit.size).toBeGreaterThanOrEqual(11);

      await input.press('Enter');
      const toast = page.getByRole('status').filter({ hasText: 'Invalid Input' });
      await expect(toast).toBeVisible();
      const shot = `domain-search${path === '/' ? '-home' : path.replace('/', '-')}`;
      await shoot(page, `${shot}-toast-360`, false);
      await input.fill(`clear-result-${Date.now()}.co.za`);
      await input.press('Enter');
      const result = page.getByRole('button', { name: 'Register Domain' });
      await expect(result).toBeVisible();
      await expect(toast).toHaveCount(0);
      await result.scrollIntoViewIfNeeded();
      const covered = await page.evaluate(() => {
        const card = [...document.querySelectorAll('button')]
          .find((b) => b.textContent === 'Register Domain')!
          .closest('.rounded-2xl')!
          .getBoundingClientRect();
        return [...document.querySelectorAll('.toast')].some((t) => {
          const r = t.getBoundingClientRect();
          return r.height > 0 && r.top < card.bottom && r.bottom > card.top;
        });
      });
      expect(covered).toBe(false);
      await shoot(page, `${shot}-result-360`, false);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('profit analytics', () => {
  test.use({ signedInAs: 'admin' });

  for (const width of [1280, 360]) {
    test(`at ${width} px: a bar for every month of the range, named with its year, on a rand axis`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      // A paid order this month, so the period has figures to chart.
      const buyer = await browser.newContext();
      const customer = await buyer.newPage();
      await signUp(customer, 'Lerato Buyer');
      await gotoHydrated(customer, '/payment/test');
      await customer.getByRole('button', { name: 'Pay R 5,00 test payment' }).click();
      await customer.getByRole('button', { name: 'Complete payment' }).click();
      await expect(customer.getByText('Paid: R 5,00')).toBeVisible();
      await buyer.close();

      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/admin/profit-analytics');
      const from = await page.getByLabel('From', { exact: true }).inputValue();
      const to = await page.getByLabel('To', { exact: true }).inputValue();
      const chart = page.getByRole('img', { name: /^Gross profit per month: / });
      await expect(chart).toBeVisible();

      const months: string[] = [];
      for (let d = new Date(`${from}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= to;) {
        months.push(d.toISOString().slice(0, 7));
        d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
      }
      expect(months).toHaveLength(13);
      const name = (month: string, style: 'short' | 'long') =>
        new Intl.DateTimeFormat('en-ZA', { month: style, year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${month}-01T00:00:00Z`),
        );
      // Every month under its bar with its year ("Nov 2026"), the empty ones as zero bars.
      const labels = await chart.locator('ol').last().locator('li').allInnerTexts();
      expect(labels.map((label) => label.trim())).toEqual(months.map((m) => name(m, 'short')));
      await expect(chart.locator('li[data-month]')).toHaveCount(13);
      const label = (await chart.getAttribute('aria-label'))!;
      for (const month of months) expect(label).toContain(name(month, 'long'));
      expect(label).toMatch(new RegExp(`${name(months[0]!, 'long')} R\u00a00,00`));

      // The axis: at least two values in rand, from R 0 up.
      const axis = await chart.getByTestId('chart-axis').locator('span').allInnerTexts();
      expect(axis.length).toBeGreaterThanOrEqual(2);
      for (const value of axis) expect(value).toMatch(/^-?R\s[\d,]+[KM]?$/);
      expect(axis.map((value) => value.replace(/\s/g, ' '))).toContain('R 0');

      // Labels stay inside their columns: no two month names overlap.
      const boxes = await chart
        .locator('ol')
        .last()
        .locator('li span')
        .evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
      for (const [index, box] of boxes.entries()) {
        if (index > 0) expect(box.left).toBeGreaterThanOrEqual(boxes[index - 1]!.right - 0.5);
      }
      await expectNoAxeViolations(page);
      await shoot(page, `profit-analytics-${width}`);
    });
  }
});
