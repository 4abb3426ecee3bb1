import { documentTitle, pathsOf, routeIds, routes } from '../../src/shared/routes.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, navigateInApp, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { linkFromMail } from './fixtures/mailbox.ts';
import { signUp, uniqueEmail } from './fixtures/sessions.ts';

const accountPages = [
  '/user/dashboard',
  '/user/settings',
  '/user/payments',
  '/user/compliance',
  '/payment/test',
  '/SimplePayFast',
];

test.describe('customer accounts', () => {
  test('register → verify by mailed link → sign out → sign in → forgot → reset → sign in', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('journey');
    const password = 'my first long passphrase';
    const newPassword = 'my second long passphrase';

    await gotoHydrated(page, '/user/register');
    await page.getByLabel('Full name').fill('Ayanda Zulu');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Account created').first()).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    // A first visit is greeted as one: "Welcome back" is for someone who has signed in before.
    await expect(page.getByRole('heading', { name: 'Welcome, Ayanda!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeVisible();
    await expect(page.getByRole('link', { name: /My Dashboard/ })).toBeVisible();

    const verifyLink = await linkFromMail(request, email, 'Confirm your e-mail address');
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Ayanda!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have been successfully logged out.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login / Signup' })).toBeVisible();

    await page.getByRole('link', { name: 'Login / Signup' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Welcome back, Ayanda Zulu!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Login / Signup' })).toBeVisible();

    await gotoHydrated(page, '/user/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/user\/forgot-password$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    const resetLink = await linkFromMail(request, email, 'Reset your');
    expect(new URL(resetLink).pathname).toBe('/reset-password');
    await page.goto(resetLink);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ayanda!' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('register errors show the toasts of SPEC §5 with their exact texts', async ({ page }) => {
    await gotoHydrated(page, '/user/register');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('E-mail').fill(uniqueEmail('short'));
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Name Too Short', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please enter a name with at least 2 characters', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();

    const { email: taken } = await signUp(page, 'First Owner');
    await page.context().clearCookies();
    await page.getByLabel('Full name').fill('Second Owner');
    await page.getByLabel('E-mail').fill(taken);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Email Already Registered', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'This email address is already registered. Please use a different email or try logging in instead.',
        { exact: true },
      ),
    ).toBeVisible();
  });

  test('field errors come from the shared schema', async ({ page }) => {
    await gotoHydrated(page, '/user/register');
    await page.getByLabel('Full name').fill('Valid Name');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a wrong password gives the Login Failed toast with the server text', async ({ page }) => {
    await gotoHydrated(page, '/auth');
    await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('whatever it is');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  });

  test('signing in from a protected page returns to it', async ({ page }) => {
    const { email, password } = await signUp(page, 'Pieter van Wyk');
    await page.context().clearCookies();
    await page.goto('/user/settings');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('settings: save details, change password, download data, delete the account', async ({
    page,
    consoleErrors,
  }) => {
    const { password } = await signUp(page, 'Nomsa Dube');
    await gotoHydrated(page, '/user/settings');
    await page.getByLabel('Phone').fill('+27 82 555 0101');
    await page.getByLabel('Company (optional)').fill('Dube Logistics');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details have been updated.').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Company (optional)')).toHaveValue('Dube Logistics');

    await page.getByLabel('Current password', { exact: true }).last().fill('not my password');
    await page.getByLabel('New password').fill('a newer long passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(
      page.getByText('Your account and personal data have been deleted.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login / Signup' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the debug page shows the own session state and signs in', async ({ page }) => {
    const { email, password } = await signUp(page, 'Debug Person');
    await page.context().clearCookies();
    await gotoHydrated(page, '/auth-debug');
    await expect(page.getByText('Not sent')).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Sent, session active')).toBeVisible();
    await expect(page.getByText(/^200 OK \{"authenticated":true\}/)).toBeVisible();
  });

  test('compliance calendar: add a company, see its dates with their rules, buy a filing and a year of care, mark one done', async ({
    page,
  }) => {
    const shots = process.env.COMPLIANCE_SHOTS_DIR;
    // A customer of its own: the calendar starts empty whichever tests ran before.
    await signUp(page, 'Sipho Nkosi');
    await gotoHydrated(page, '/user/compliance');
    await expect(page.getByText('No companies yet')).toBeVisible();
    await page.getByLabel('Company name').fill('Nkosi Trading (Pty) Ltd');
    await page.getByLabel('Registration number').fill('2024/12345/07');
    await page.getByLabel('Registration date').fill('2024-02-29');
    await page.getByRole('button', { name: 'Add company' }).click();
    await expect(page.getByText('Enter the number as CIPC shows it: YYYY/NNNNNN/NN')).toBeVisible();
    await page.getByLabel('Registration number').fill('2024/123456/07');
    await page.getByLabel('VAT201 returns').selectOption('two_monthly_b');
    await page.getByRole('button', { name: 'Add company' }).click();

    const dates = page.getByRole('list', { name: 'Dates of Nkosi Trading (Pty) Ltd' });
    const annualReturn = dates
      .getByRole('listitem')
      .filter({ hasText: /CIPC annual return 20\d\d/ });
    await expect(annualReturn.first()).toContainText('within 30 business days');
    await expect(dates.getByText(/VAT201 return,/).first()).toBeVisible();
    await expect(
      annualReturn.first().getByRole('button', { name: /We file it for you/ }),
    ).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/compliance-1280.png`, fullPage: true });

    // "We file it for you": the filing goes into the cart naming the company, paid at checkout.
    await annualReturn
      .first()
      .getByRole('button', { name: /We file it for you/ })
      .click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByText('CIPC annual return filing: Nkosi Trading (Pty) Ltd (2024/123456/07)'),
    ).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/checkout-1280.png` });
    await page.goBack();

    // Compliance care: a year of filings bought and paid; the annual return is then ours to file.
    await page.getByRole('button', { name: 'Add compliance care, R 1 199,00 a year' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByText('Compliance care (yearly): Nkosi Trading (Pty) Ltd (2024/123456/07)'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?reference=PAY-/);
    await expect(page.getByText('Paid: R 1 698,00')).toBeVisible();
    await gotoHydrated(page, '/user/compliance');
    await expect(page.getByText(/^Compliance care until \d{1,2} \w+ \d{4}/)).toBeVisible();
    await expect(annualReturn.first().getByText('We file this for you')).toBeVisible();
    const renew = page.getByRole('checkbox', { name: /^Renew every year/ });
    await expect(renew).toBeChecked();
    await renew.uncheck();
    await expect(page.getByText('Renewal switched off', { exact: true })).toBeVisible();
    await expect(renew).not.toBeChecked();
    if (shots) await page.screenshot({ path: `${shots}/compliance-care-1280.png`, fullPage: true });

    await annualReturn
      .first()
      .getByRole('button', { name: /^Mark done/ })
      .click();
    await expect(annualReturn.first().getByText('Done', { exact: true })).toBeVisible();
    await expect(annualReturn.first().getByRole('button', { name: /^Open again/ })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await expectNothingOverflows(page);
    if (shots) await page.screenshot({ path: `${shots}/compliance-360.png`, fullPage: true });
    if (shots) {
      await page.getByText(/^Compliance care until/).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/compliance-care-360.png` });
    }
    await gotoHydrated(page, '/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Compliance calendar' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/dashboard-360.png`, fullPage: true });
  });

  test('axe finds no accessibility violation on the sign-in pages', async ({ page }) => {
    for (const path of [
      '/user/login',
      '/user/register',
      '/user/forgot-password',
      '/reset-password?token=abc',
    ]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('the signed-in customer area', () => {
  test.use({ signedInAs: 'customer' });

  test('the dashboard and settings fit a 360 px screen, even with a long e-mail address', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [...accountPages, '/checkout']) {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNothingOverflows(page);
    }
  });

  // One tab walks the pages (a test each paid for a browser context and a sign-in every time).
  test('axe finds no accessibility violation on the customer pages', async ({ page }) => {
    // Six pages, each mounted and checked by axe: past a minute on a loaded CI machine.
    test.setTimeout(150_000);
    for (const path of accountPages) {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test('every customer page has its own title in the browser tab', async ({ page, customer }) => {
    await gotoHydrated(page, '/user/dashboard');
    await expect(page).toHaveTitle('Dashboard | Sebenza Digital');
    await expect(
      page.getByRole('heading', { name: `Welcome, ${customer.fullName.split(' ')[0]}!` }),
    ).toBeVisible();
    for (const id of routeIds.filter((id) => routes[id].guard === 'user')) {
      for (const path of pathsOf(id)) {
        await navigateInApp(page, path.replace(':reference', 'PAY-NOSUCH1'), id);
        await expect(page, path).toHaveTitle(documentTitle(id, 'Sebenza Digital'));
      }
    }
  });
});
