import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.PLAN_SHOTS_DIR;

test.describe('business plans', () => {
  test('build a plan: sections autosave through a reload, projections in rand, PDF, dashboard', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, 'Zodwa Dlamini');
    await gotoHydrated(page, '/user/business-plans');
    await expect(page.getByRole('heading', { name: 'Business plans', level: 1 })).toBeVisible();
    await expect(page.getByText('No plans yet.')).toBeVisible();

    await page.getByLabel('Name of the plan').fill('Loan application 2027');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await expect(page).toHaveURL(/\/user\/business-plans\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Loan application 2027' })).toBeVisible();
    await expect(page.getByText('0 of 7 steps done')).toBeVisible();
    const progress = page.getByRole('progressbar', { name: '0 of 7 steps done' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    // An empty bar at the start: nothing of it is filled.
    expect(await progress.locator('div').evaluate((bar) => bar.getBoundingClientRect().width)).toBe(
      0,
    );

    // Typing is saved without a button, and survives a reload.
    await page.getByLabel('Business name').fill('Zodwa Foods (Pty) Ltd');
    await page
      .getByRole('textbox', { name: 'Executive summary' })
      .fill('Home-style meals for commuters at Bara taxi rank.');
    await expect(page.getByText(/All changes saved/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Executive summary' })).toHaveValue(
      'Home-style meals for commuters at Bara taxi rank.',
    );
    await expect(page.getByText('1 of 7 steps done')).toBeVisible();

    // Typing while the connection is down is kept on the device and saved once it is back.
    await page.getByRole('button', { name: 'Next: The business' }).click();
    await page.context().setOffline(true);
    await page
      .getByRole('textbox', { name: 'The business' })
      .fill('Zodwa Foods is 100% owned by Zodwa Dlamini.');
    await expect(
      page.getByText(/Not connected: your changes are kept on this device/),
    ).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByText(/All changes saved/)).toBeVisible({ timeout: 15_000 });

    // Financials: one product and the costs give the hand-worked projection.
    await page.getByRole('button', { name: 'Financial assumptions' }).click();
    // All figures zero: no break-even to claim yet.
    await expect(page.getByText('Add your sales to see it')).toBeVisible();
    await page.getByRole('button', { name: 'Add a product or service' }).click();
    await page.getByLabel('Product or service').fill('Plated meal');
    await page.getByLabel('Price of one, excl. VAT').fill('100');
    await page.getByLabel('Sold in month 1').fill('100');
    await page.getByLabel('Cost of sales (share of price)').fill('40');
    await page.getByLabel('Salaries (all staff)').fill('3 000');
    await page.getByLabel('Rent').fill('1000');
    await page.getByLabel('Other costs (data, fuel, insurance…)').fill('500');
    await page.getByLabel('Yearly increase').fill('0');
    await page.getByLabel('Once-off start-up costs').fill('5000');
    await page.getByLabel(/Qualifies as a small business corporation/).uncheck();
    await expect(page.getByRole('definition').filter({ hasText: 'Month 2' })).toBeVisible();
    const years = page.getByRole('region', { name: 'Profit and loss by year' });
    const profit = years.getByRole('row', { name: /Profit before tax/ });
    await expect(profit).toContainText('R 13 000,00');
    await expect(years.getByRole('row', { name: /Income tax/ })).toContainText('R 3 510,00');
    // The balance sheet balances each year, and the ratios say what a lender would.
    const sheet = page.getByRole('region', { name: 'Balance sheet by year' });
    const totals = (name: RegExp) =>
      sheet.getByRole('row', { name }).getByRole('cell').allTextContents();
    expect(await totals(/Total assets/)).toEqual(await totals(/Total liabilities and equity/));
    await expect(
      page.getByRole('region', { name: 'Key ratios by year' }).getByRole('row', {
        name: /Gross margin/,
      }),
    ).toContainText('60,0%');
    await expect(page.getByText('No loan repayments fall in this year.').first()).toBeVisible();
    await expect(page.getByText(/Your funding falls short/)).toBeVisible();
    // The cash chart reads in rand: its highest and lowest month-end cash.
    await expect(page.getByTestId('cash-axis')).toHaveText(/^R\s?39,1K-R\s?3,5K$/);
    // A funding application: the funder's questions, and the loan's repayments by year.
    await page.getByLabel('Who you are asking').selectOption('nef');
    await page.getByLabel('Black ownership after funding').fill('51');
    await page.getByLabel('Jobs created in three years').fill('6');
    await page.getByLabel('Loan', { exact: true }).fill('20 000');
    const repayments = page.getByRole('region', { name: 'Loan repayments by year' });
    // R20 000 at 11,75% over 36 months from month 2: the last instalment falls in month 37.
    await expect(repayments.getByRole('row', { name: /Owed at year end/ })).toHaveText(
      /R\s14\s614,74.*R\s8\s042,70.*R\s655,47/,
    );
    await expect(page.getByText(/All changes saved/)).toBeVisible();
    await expect(page.getByText('3 of 7 steps done')).toBeVisible();

    if (shotDir) await page.screenshot({ path: `${shotDir}/builder-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNothingOverflows(page);
    if (shotDir) await page.screenshot({ path: `${shotDir}/builder-360.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('Loan application 2027.pdf');

    // A read-only link for the bank: it opens the plan without an account, until it is stopped.
    const share = page.getByRole('region', { name: 'Share a read-only copy' });
    await share.getByRole('button', { name: 'Make a link' }).click();
    const link = (await share.locator('code').textContent())!;
    expect(link).toMatch(/\/plans\/shared\?token=/);
    const bank = await page
      .context()
      .browser()!
      .newContext({
        storageState: { cookies: [], origins: [] },
      });
    const reader = await bank.newPage();
    await gotoHydrated(reader, new URL(link).pathname + new URL(link).search);
    await expect(
      reader.getByRole('heading', { level: 1, name: 'Loan application 2027' }),
    ).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'Financial projections' })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Download the plan (PDF)' })).toBeVisible();
    if (shotDir) await reader.screenshot({ path: `${shotDir}/shared-desktop.png`, fullPage: true });
    await reader.setViewportSize({ width: 360, height: 740 });
    await expectNothingOverflows(reader);
    if (shotDir) await reader.screenshot({ path: `${shotDir}/shared-360.png`, fullPage: true });
    await expectNoAxeViolations(reader);
    await share.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop sharing' }).click();
    await expect(share.getByRole('button', { name: 'Make a link' })).toBeVisible();
    await reader.reload();
    await expect(
      reader.getByRole('heading', { name: 'This link does not open a plan' }),
    ).toBeVisible();
    await bank.close();

    // The dashboard's panel shows the plan as it is.
    await gotoHydrated(page, '/user/dashboard');
    const panel = page.getByRole('heading', { name: 'Business plans' }).locator('..');
    await expect(panel.getByRole('link', { name: 'Loan application 2027' })).toBeVisible();
    await expect(panel.getByText(/3 of 7 steps/)).toBeVisible();
    // Only the saves tried while the test cut the connection may have failed.
    expect(consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  test('a paid Essential plan: checkout, our writers comment and deliver, the customer is told', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const customer = await signUp(page, 'Sipho Ndlovu');
    await gotoHydrated(page, '/services/business-plan');
    await expect(page.getByText(/paid in full by card when you order/)).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart: Essential plan' }).click();
    await gotoHydrated(page, '/checkout');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
    await expect(page.getByText(/^Paid: /)).toBeVisible();

    await gotoHydrated(page, '/user/business-plans');
    const paid = page.getByRole('link', { name: /^Essential plan \(order SO-/ });
    await expect(paid).toBeVisible();
    await expect(page.getByText('With our writers')).toBeVisible();
    const planName = (await paid.textContent())!;

    // The back office comments on the market section and delivers the plan.
    const office = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const admin = await office.newPage();
    const { e2eAdmin } = await import('./fixtures/admin.ts');
    const signIn = await admin.request.post('/api/admin/login', {
      data: { email: e2eAdmin.email, password: e2eAdmin.password },
    });
    expect(signIn.ok()).toBe(true);
    await gotoHydrated(admin, '/admin/business-plans');
    await admin.getByRole('link', { name: planName }).click();
    await expect(admin.getByText(`For Sipho Ndlovu (${customer.email})`)).toBeVisible();
    await admin.getByRole('button', { name: 'Market and competitors' }).click();
    await admin
      .getByLabel('Comment for the customer on this section')
      .fill('How many customers walk past each day?');
    await admin.getByRole('button', { name: 'Send comment' }).click();
    await expect(admin.getByText('How many customers walk past each day?')).toBeVisible();
    await admin
      .getByRole('textbox', { name: 'Market and competitors' })
      .fill('Written by our team.');
    await expect(admin.getByText(/All changes saved/)).toBeVisible();
    await expectNoAxeViolations(admin);
    await admin.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(admin.getByText('Delivered', { exact: true })).toBeVisible();
    await office.close();

    // The customer reads the comment beside the section, and the plan is delivered.
    await page.getByRole('link', { name: planName }).click();
    await expect(page.getByText(/delivered/)).toBeVisible();
    await page.getByRole('button', { name: 'Market and competitors' }).click();
    await expect(page.getByText('How many customers walk past each day?')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Market and competitors' })).toHaveValue(
      'Written by our team.',
    );
    expect(consoleErrors).toEqual([]);
  });
});
