import { e2eAdmin } from './fixtures/admin.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';

/** Set to keep screenshots of the pages at 1280 and 360 px for a person to look at. */
const shotDir = process.env.CUSTOMER_SHOTS_DIR;

test.describe('the back office’s customers', () => {
  test.use({ signedInAs: 'admin' });

  test('the owner finds a customer by phone, opens their page and views the site as them', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const customer = await signUp(request, 'Nomsa Khumalo');
    const local = `8${String(Date.now()).slice(-8)}`;
    const saved = await request.patch('/api/user/profile', {
      data: { fullName: customer.fullName, phone: `+27 ${local}`, company: 'Khumalo Catering' },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await gotoHydrated(page, '/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    // Typed as a South African would: a leading 0, spaces.
    const typed = `0${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`;
    await page.getByLabel('Name, e-mail, phone, company or reference').fill(typed);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByRole('table', { name: /Customers/ }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Khumalo Catering');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNothingOverflows(page);
      if (shotDir)
        await page.screenshot({ path: `${shotDir}/customers-${width}.png`, fullPage: true });
    }
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Nomsa Khumalo' }).click();
    await expect(page.getByRole('heading', { name: 'Nomsa Khumalo', level: 1 })).toBeVisible();
    await expect(page.getByText(customer.email).first()).toBeVisible();
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await expect(page.getByText('No speed reports yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account credit' })).toBeVisible();

    await page.getByLabel('New note (for the team)').fill('Wants a quote for a site');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Wants a quote for a site')).toBeVisible();
    await expect(page.getByText(new RegExp(`^${e2eAdmin.email}, `))).toBeVisible();

    await page.getByRole('button', { name: 'Send a password-reset mail' }).click();
    await expect(
      page.getByText(`A password-reset link is on its way to ${customer.email}.`).first(),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'customer.password_reset_sent' })).toBeVisible();

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNothingOverflows(page);
      if (shotDir)
        await page.screenshot({ path: `${shotDir}/customer-${width}.png`, fullPage: true });
    }
    await expectNoAxeViolations(page);

    // Named in the breadcrumbs; an invoice or a quote starts made out to them.
    await page.setViewportSize({ width: 1280, height: 900 });
    const customerPage = page.url();
    const id = customerPage.split('/').pop()!;
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Nomsa Khumalo',
    );
    await expect(page.getByRole('link', { name: 'Start an invoice' })).toHaveAttribute(
      'href',
      `/admin/invoices/new?customer=${id}`,
    );
    await expect(page.getByRole('link', { name: 'Start a quote' })).toHaveAttribute(
      'href',
      `/admin/invoices/new?customer=${id}&kind=quote`,
    );

    // View as the customer: their area, read-only, and they see that it happened.
    await page.getByRole('button', { name: 'View as customer' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const banner = page.getByRole('region', { name: 'Viewing as the customer' });
    await expect(banner).toContainText('Viewing as Nomsa Khumalo — read-only');
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(
      page.getByText(
        new RegExp(`^Our team viewed your account as you on .+ \\(${e2eAdmin.name}\\)$`),
      ),
    ).toBeVisible();
    await page.getByLabel('Full name').fill('Somebody Else');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText(/Nomsa Khumalo’s account read-only/).first()).toBeVisible();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNothingOverflows(page);
      if (shotDir)
        await page.screenshot({ path: `${shotDir}/view-as-${width}.png`, fullPage: true });
    }
    await expectNoAxeViolations(page);
    await banner.getByRole('button', { name: 'Exit' }).click();
    await expect(page).toHaveURL(customerPage);
    await expect(page.getByRole('heading', { name: 'Nomsa Khumalo', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'customer.viewed_as' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
