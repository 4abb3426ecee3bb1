import type { Browser, Page } from '@playwright/test';
import { totpFor } from '../../src/server/features/admin-auth/two-factor.service.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { linkFromMail } from './fixtures/mailbox.ts';
import { uniqueEmail } from './fixtures/sessions.ts';

const password = 'a long passphrase for the back office';

/** An owner invites `email` as `role` from the Administrators page. */
async function invite(page: Page, email: string, role: 'Owner' | 'Staff') {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent').first()).toBeVisible();
  const invitations = page.getByRole('list', { name: 'Open invitations' });
  await expect(invitations.getByRole('listitem').filter({ hasText: email })).toBeVisible();
}

/** The invited person opens the mailed link in their own browser and joins. */
async function join(browser: Browser, page: Page, email: string, name: string) {
  const link = await linkFromMail(page.request, email, 'invited to');
  // A browser of their own: the test's contexts would otherwise start with the owner's cookie.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const joiner = await context.newPage();
  await joiner.goto(link);
  await expect(joiner.getByText(`with ${email}`)).toBeVisible();
  await joiner.getByLabel('Your name').fill(name);
  await joiner.getByLabel('Password').fill(password);
  await joiner.getByRole('button', { name: 'Join the back office' }).click();
  await expect(joiner).toHaveURL(/\/admin\/dashboard$/);
  return joiner;
}

test.describe('administrators and their second factor', () => {
  test.use({ signedInAs: 'admin' });

  test('an owner invites staff (no owner sections) and an owner who turns on TOTP and signs in with a code', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    // Three browsers, two invitations and two sign-ins.
    test.setTimeout(120_000);
    await gotoHydrated(page, '/admin/administrators');
    await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
    const staffEmail = uniqueEmail('staff');
    const ownerEmail = uniqueEmail('owner');
    await invite(page, staffEmail, 'Staff');
    await invite(page, ownerEmail, 'Owner');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNothingOverflows(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Staff: the work, not the owners' sections; an owner's page says so.
    const staff = await join(browser, page, staffEmail, 'Sipho Staff');
    const staffNav = staff.getByRole('navigation', { name: 'Back office' });
    await expect(staffNav.getByRole('link', { name: 'Support tickets' })).toBeVisible();
    await expect(staffNav.getByRole('link', { name: 'Profit analytics' })).toHaveCount(0);
    await expect(staffNav.getByRole('link', { name: 'Administrators' })).toHaveCount(0);
    await staff.goto('/admin/profit-analytics');
    await expect(staff.getByRole('heading', { name: 'This page is for owners' })).toBeVisible();
    await staff.context().close();

    // The new owner sets up an authenticator from the secret on the page.
    const owner = await join(browser, page, ownerEmail, 'Olwethu Owner');
    await owner
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Two-factor sign-in' })
      .click();
    await owner.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(owner.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectNoAxeViolations(owner);
    const secret = (await owner.locator('code').first().innerText()).replace(/\s/g, '');
    await owner.getByLabel('Code from the app').fill(totpFor(secret).generate());
    await owner.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = owner.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await owner.getByRole('button', { name: 'I have saved them' }).click();
    await owner.getByRole('button', { name: 'Sign out' }).click();
    await expect(owner).toHaveURL(/\/admin\/login$/);

    // Signing in now asks for the code after the password; the next step's code is fresh.
    await owner.getByLabel('E-mail').fill(ownerEmail);
    await owner.getByLabel('Password').fill(password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    const code = owner.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await code.fill('000000');
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect(owner.getByText(/That code is not right/)).toBeVisible();
    await code.fill(totpFor(secret).generate({ timestamp: Date.now() + 30_000 }));
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect(owner).toHaveURL(/\/admin\/dashboard$/);
    await owner.context().close();

    // The first owner sees both, the new owner's second factor on.
    await page.reload();
    const ownerRow = page
      .getByRole('list', { name: 'Administrators' })
      .getByRole('listitem')
      .filter({
        hasText: ownerEmail,
      });
    await expect(ownerRow.getByText('On', { exact: true })).toBeVisible();
    await expect(ownerRow.getByRole('button', { name: 'Reset two-factor' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
