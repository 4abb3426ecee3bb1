import type { Page } from '@playwright/test';
import { saToday } from '../../src/shared/dates.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

/** Set to keep screenshots of the pages at 1280 and 360 px for a person to look at. */
const shotDir = process.env.INVOICE_SHOTS_DIR;

/** Looks at a page at 1280 and 360 px: nothing sticks out, axe finds nothing, a shot if asked. */
async function lookAt(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNothingOverflows(page);
    if (shotDir) await page.screenshot({ path: `${shotDir}/${name}-${width}.png`, fullPage: true });
  }
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('invoices and quotes', () => {
  // The e2e administrator is an owner; the customer signs up in the same browser.
  test.use({ signedInAs: 'admin' });

  test('a website quote with a 50% deposit: accepted online, deposit by EFT, balance at launch by card', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const customer = await signUp(page, 'Ayanda Zulu');
    const profile = await page.request.patch('/api/user/profile', {
      data: {
        fullName: customer.fullName,
        address: '4 Florida Road, Morningside, Durban, 4001',
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    // The owner writes the quote: the customer found by e-mail, a catalogue website, a free line.
    await gotoHydrated(page, '/admin/invoices');
    await page.getByRole('link', { name: 'New quote' }).click();
    await page.getByLabel('Find the customer').fill(customer.email);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: new RegExp(customer.email) }).click();
    await expect(page.getByRole('button', { name: 'Change customer' })).toBeVisible();
    await page.getByLabel('From the catalogue (optional)').selectOption('website-business');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel('Description').nth(1).fill('Product photography, half day');
    await page
      .getByLabel(/Unit price/)
      .nth(1)
      .fill('2500');
    await expect(page.getByLabel('Deposit on acceptance')).toHaveValue('percent');
    await expect(page.getByLabel('Deposit (%)')).toHaveValue('50');
    await lookAt(page, 'new-quote');
    await page.getByRole('button', { name: 'Send the quote' }).click();
    await expect(page.getByText(/^Quote Q-\d{6} was mailed/).first()).toBeVisible();
    const number = /Q-\d{6}/.exec(page.url())![0];
    await expect(page.getByRole('heading', { name: `Quote ${number}`, level: 1 })).toBeVisible();

    // The customer reads it in their dashboard and accepts it with their name.
    await gotoHydrated(page, '/user/dashboard');
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { name: `Quote ${number}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /^Accept and pay/ }).click();
    await expect(page.getByText('Type your full name to accept')).toBeVisible();
    await expect(page.getByText('Tick the box to accept the terms')).toBeVisible();
    await lookAt(page, 'quote');
    await page.getByLabel('Your full name').fill(customer.fullName);
    await page.getByRole('checkbox', { name: new RegExp(`I accept quote ${number}`) }).check();
    await page.getByRole('button', { name: /^Accept and pay/ }).click();

    // The deposit is an order of its own, paid by bank transfer.
    await expect(page).toHaveURL(/\/user\/orders\/SO-[A-Z0-9]{6}$/);
    const deposit = /SO-[A-Z0-9]{6}/.exec(page.url())![0];
    await expect(page.getByText(`50% deposit on quote ${number}`)).toBeVisible();
    await lookAt(page, 'order');
    const heading = await page.getByRole('heading', { name: /^Pay R/ }).textContent();
    // "Pay R 6 999,50": the rand amount with its cents.
    const amount = Number(heading!.replaceAll(/[^\d,]/g, '').replace(',', '.'));
    await page.getByRole('link', { name: 'Pay by bank transfer (EFT)' }).click();
    await page.getByRole('button', { name: 'Pay by bank transfer (EFT)' }).click();
    await expect(page.getByText('Amount to pay')).toBeVisible();
    const recorded = await page.request.post('/api/admin/bank-transfers', {
      data: {
        orderReference: deposit,
        amount,
        receivedOn: saToday(),
        bankReference: `NED ${deposit}`,
      },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);

    // The project opened; at launch the team invoices the balance from the project's page.
    const projects = await page.request.get('/api/admin/projects');
    const project = ((await projects.json()) as { email: string; reference: string }[]).find(
      (p) => p.email === customer.email,
    )!;
    await page.request.patch(`/api/admin/projects/${project.reference}`, {
      data: { stage: 'launch' },
    });
    await gotoHydrated(page, `/admin/website-projects/${project.reference}`);
    await page.getByRole('button', { name: /^Invoice the balance/ }).click();
    await expect(page.getByText(/was mailed to the customer/).first()).toBeVisible();

    // The customer pays the balance by card; both invoices show as paid on the quote.
    await gotoHydrated(page, `/user/quotes/${number}`);
    await page.getByRole('link', { name: /^Pay R .* now$/ }).click();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page.getByText(/^Paid: R/)).toBeVisible();

    await gotoHydrated(page, '/admin/invoices');
    const row = (reference: string) => page.getByRole('row').filter({ hasText: reference });
    await expect(row(deposit)).toContainText('Paid');
    await expect(row(deposit)).toContainText(number);
    await lookAt(page, 'invoices');
    await gotoHydrated(page, `/admin/quotes/${number}`);
    const invoices = page.getByRole('table', { name: `The orders quote ${number} raised` });
    await expect(invoices.getByText('Paid', { exact: true })).toHaveCount(2);
    expect(consoleErrors).toEqual([]);
  });
});
