import { documentTitle, navEntries, pathsOf, routeIds, routes } from '../../src/shared/routes.ts';
import { e2eAdmin } from './fixtures/admin.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, gotoHydrated, navigateInApp, test } from './fixtures/console.ts';
import { expectNothingOverflows } from './fixtures/layout.ts';
import { signUp } from './fixtures/sessions.ts';
import { payTestPaymentAndOpenIt } from './fixtures/test-payment.ts';

const adminPaths = routeIds.filter((id) => routes[id].guard === 'admin').flatMap(pathsOf);

test.describe('back office sign-in', () => {
  test('admin sign-in → dashboard → sections → sign out', async ({ page, consoleErrors }) => {
    await gotoHydrated(page, '/admin/login');
    await expect(page).toHaveTitle('Back office sign in | Sebenza Digital');
    await page.getByLabel('E-mail').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('You are now logged in as an administrator').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Newest sign-ups/ })).toBeVisible();
    // The public site's header offers the way back in (SPEC §2); the back office has its own frame.
    await page.getByRole('link', { name: 'View site' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminSessionBackup'))).toContain(
      e2eAdmin.email,
    );

    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'admin.login' }).first()).toBeVisible();

    await nav.getByRole('link', { name: 'Database management' }).click();
    await expect(page.getByRole('cell', { name: 'audit_log' })).toBeVisible();

    await nav.getByRole('link', { name: 'Outbox (mail)' }).click();
    await expect(page.getByRole('heading', { name: 'Outbox (mail)', level: 1 })).toBeVisible();

    await nav.getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

    await nav.getByRole('link', { name: 'Support tickets' }).click();
    await expect(page.getByRole('heading', { name: 'Support tickets', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Domain orders' }).click();
    await expect(page.getByRole('heading', { name: 'Domain orders', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Profit analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Profit analytics', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Logout Successful').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adminSessionBackup'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('adminLogoutTimestamp'))).toMatch(
      /^\d+$/,
    );
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByRole('link', { name: 'View site' }).click();
    await expect(page.getByRole('link', { name: 'Login / Signup' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('on a phone: the sections open in a drawer, and sign-out sits in the top bar', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, '/admin/login');
    await expect(page.getByText('Secure card payments')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(e2eAdmin.name);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Sections' }).click();
    await expect(nav).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sections' })).toBeFocused();

    await page.getByRole('button', { name: 'Sections' }).click();
    await nav.getByRole('link', { name: 'Support tickets' }).click();
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Support tickets', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Logout Successful').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a wrong password shows the Login Failed toast of SPEC §8', async ({ page }) => {
    await gotoHydrated(page, '/admin/login');
    await page.getByLabel('E-mail').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login Failed', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByText('Please check your credentials and try again', { exact: true }).first(),
    ).toBeVisible();
  });

  test('every admin page without a session lands on /admin/login', async ({ page }) => {
    // The first one as a fresh visit, the rest as in-app navigation (the guard is the same).
    const [first, ...rest] = adminPaths;
    await page.goto(first!);
    await expect(page, first).toHaveURL(/\/admin\/login$/);
    for (const path of rest) {
      await navigateInApp(page, path, 'adminLogin');
      await expect(page, path).toHaveURL(/\/admin\/login$/);
    }
  });

  test('a customer session does not open the back office', async ({ page }) => {
    await signUp(page, 'Not Staff');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe('back office', () => {
  test.use({ signedInAs: 'admin' });

  test('every back-office page has its own title, and the sidebar lists the sections', async ({
    page,
  }) => {
    await gotoHydrated(page, '/admin/dashboard');
    for (const id of routeIds.filter((id) => routes[id].guard === 'admin')) {
      const shown = id === 'adminIndex' ? 'adminDashboard' : id;
      await navigateInApp(page, routes[id].path, shown);
      await expect(page, id).toHaveTitle(documentTitle(shown, 'Sebenza Digital'));
    }
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText(navEntries('admin').map((link) => link.label));
  });

  // One test per width, so the two halves run side by side on two workers.
  for (const width of [1280, 360]) {
    test(`every section sits in the back-office frame at ${width} px, and passes axe`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(240_000);
      const sections = navEntries('admin');
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, sections[0]!.href);
      for (const { id, href, label } of sections) {
        await navigateInApp(page, href, id);
        const where = `${href} at ${width} px`;
        await expect(page.getByRole('heading', { level: 1 }), where).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 }), where).toBeVisible();
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
        await expect(crumbs.getByRole('link', { name: 'Back office' }), where).toBeVisible();
        await expect(crumbs.locator('[aria-current="page"]'), where).toHaveText(label);
        await expect(page.getByRole('banner'), where).toContainText(e2eAdmin.name);
        await expect(page.getByRole('button', { name: 'Sign out' }), where).toBeVisible();
        // None of the marketing site's frame: its header's menu, its footer.
        await expect(page.getByRole('navigation', { name: 'Main' }), where).toHaveCount(0);
        await expect(page.getByText('Secure card payments'), where).toHaveCount(0);
        // Measured once the page has its data: no spinner left (network idle cost 0.5 s a page).
        await expect(page.locator('.animate-spin'), where).toHaveCount(0);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths.scroll, where).toBeLessThanOrEqual(widths.client);
        await expectNothingOverflows(page);
        // The sections' content is the same at both widths; at 360 px axe checks the phone frame
        // (top bar, closed drawer) once.
        if (width === 1280 || id === sections[0]!.id) await expectNoAxeViolations(page);
      }
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a detail page names its item in the breadcrumbs', async ({ page }) => {
    await gotoHydrated(page, '/admin/support-tickets/TKT-NOSUCH');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Support tickets' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('TKT-NOSUCH');
    await crumbs.getByRole('link', { name: 'Support tickets' }).click();
    await expect(page.getByRole('heading', { name: 'Support tickets', level: 1 })).toBeVisible();
  });

  test('the job list shows what failed (nothing yet) and what ran, with its tries', async ({
    page,
  }) => {
    // Signing the customer and the administrator up queued mail: those jobs have run.
    await gotoHydrated(page, '/admin/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
    await expect(page.getByText('No failed jobs')).toBeVisible();
    await page.getByLabel('Status').selectOption('Done');
    const sent = page.getByRole('button', { name: /Send an e-mail #\d+/ }).first();
    await expect(sent).toBeVisible();
    await sent.click();
    const detail = page.getByRole('article', { name: /Job \d+/ });
    await expect(detail.getByText('1 of 5')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });

  test('an administrator moves a service request along', async ({ page }) => {
    const created = await page.request.post('/api/service-requests', {
      data: {
        serviceType: 'financial_management',
        name: 'Pieter Botha',
        email: `pieter.${Date.now()}@example.co.za`,
        message: 'Monthly bookkeeping for a guesthouse in Knysna.',
      },
    });
    const { reference } = (await created.json()) as { reference: string };
    await gotoHydrated(page, '/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Service requests' })
      .click();
    await page.getByRole('button', { name: new RegExp(reference) }).click();
    const detail = page.getByRole('article', { name: `Request ${reference}` });
    await expect(detail.getByText('Monthly bookkeeping for a guesthouse in Knysna.')).toBeVisible();
    await detail.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect(page.getByText(`${reference} is now contacted.`).first()).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Send quote' })).toBeVisible();
  });

  test('quote → the customer pays it from the dashboard → the order book moves it on', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const { email } = await signUp(page, 'Zanele Mokoena');
    const created = await page.request.post('/api/service-requests', {
      data: {
        serviceType: 'mobile_app',
        name: 'Zanele Mokoena',
        email,
        message: 'A booking app for our hair salons in Pretoria.',
      },
    });
    const { reference } = (await created.json()) as { reference: string };

    await gotoHydrated(page, '/admin/service-requests');
    await page.getByRole('button', { name: new RegExp(reference) }).click();
    const detail = page.getByRole('article', { name: `Request ${reference}` });
    await detail.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect(detail.getByRole('button', { name: 'Send quote' })).toBeVisible();
    await detail.getByRole('button', { name: 'Send quote' }).click();
    await expect(detail.getByText('Enter the quoted amount in rand')).toBeVisible();
    await detail.getByLabel('Quote in rand').fill('12500');
    await detail.getByRole('button', { name: 'Send quote' }).click();
    await expect(page.getByText(`${reference} is now quoted.`).first()).toBeVisible();
    await expect(detail.getByText('R 12 500,00')).toBeVisible();

    await gotoHydrated(page, '/user/dashboard');
    await page.getByRole('button', { name: 'Pay R 12 500,00' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(`Mobile App Development (quote ${reference})`)).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Pay with card (PayFast)' }).click();
    await expect(page.getByText('R 12 500,00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await expect(page.getByText('Paid: R 12 500,00')).toBeVisible();
    await gotoHydrated(page, '/user/dashboard');
    await expect(page.getByText(reference, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay R 12 500,00' })).toHaveCount(0);

    await gotoHydrated(page, '/admin/dashboard');
    await page.getByLabel('Status').selectOption('paid');
    const orderButton = page.getByRole('button', { name: /R 12 500,00/ }).first();
    await orderButton.click();
    const order = page.getByRole('article', { name: /^Order SO-/ });
    await expect(order.getByText(`Mobile App Development (quote ${reference})`)).toBeVisible();
    await expect(order.getByRole('link', { name: /^INV-\d{6} \(PDF\)$/ })).toBeVisible();
    await order.getByLabel('Note for the history (optional)').fill('Developer assigned');
    await order.getByRole('button', { name: 'Mark as in progress' }).click();
    await expect(page.getByText(/is now in progress\.$/).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('refund part of a payment → credit note for the customer, on their payment page', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, 'Lerato Dlamini');
    const { order, refundForm } = await payTestPaymentAndOpenIt(page, 'Lerato Dlamini');
    const payment = /PAY-[A-Z0-9]{8}/.exec((await refundForm.getAttribute('aria-label')) ?? '')![0];
    await refundForm.getByLabel('Amount (R)').fill('9');
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await expect(refundForm.getByText('Say why the money is refunded')).toBeVisible();
    await refundForm.getByLabel('Reason (on the credit note)').fill('Test payment returned');
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText(/Only R.5,00 of payment PAY-/).first()).toBeVisible();
    await refundForm.getByLabel('Amount (R)').fill('2');
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText('R 2,00 is being refunded through PayFast.').first()).toBeVisible();
    // The refund job asks the simulator's refund API; the order book shows it once it is made.
    await expect(async () => {
      await page.reload();
      await page.getByLabel('Status').selectOption('paid');
      await page
        .getByRole('button', { name: /R 5,00 Lerato Dlamini/ })
        .first()
        .click();
      await expect(order.getByRole('link', { name: /^CN-\d{6} \(PDF\)$/ })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(order.getByText('Test payment returned')).toBeVisible();
    await expect(order.getByRole('form', { name: /^Refund payment PAY-/ })).toBeVisible();

    await gotoHydrated(page, `/payment/details/${payment}`);
    await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    await expect(page.getByText('Test payment returned', { exact: false })).toBeVisible();
    const creditNote = page.getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)$/ });
    await expect(creditNote).toBeVisible();
    const pdf = await page.request.get((await creditNote.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(consoleErrors).toEqual([]);
  });

  test('refund of an Instant EFT payment → asks for the buyer’s bank account, as PayFast does', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const buyer = await signUp(page, 'Nomsa Instant-EFT');
    // PayFast's payment page (the simulator) offers Instant EFT; PayFast refunds it to a bank.
    const { order, refundForm } = await payTestPaymentAndOpenIt(
      page,
      buyer.fullName,
      'Pay by Instant EFT',
    );
    const bank = refundForm.getByRole('group', { name: 'Buyer’s bank account' });
    await expect(bank).toBeVisible();
    await refundForm.getByLabel('Amount (R)').fill('2');
    await refundForm.getByLabel('Reason (on the credit note)').fill('Paid twice by EFT');
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await expect(bank.getByText('Enter the account holder’s name')).toBeVisible();
    await expect(bank.getByText('Enter the branch code: up to 6 digits')).toBeVisible();
    await bank.getByLabel('Account holder').fill(buyer.fullName);
    await bank.getByLabel('Bank').selectOption({ label: 'FNB' });
    await bank.getByLabel('Branch code').fill('250655');
    await bank.getByLabel('Account number').fill('62000000123');
    await bank.getByLabel('Account type').selectOption('current');
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText('R 2,00 is being refunded through PayFast.').first()).toBeVisible();
    await expect(async () => {
      await page.reload();
      await page.getByLabel('Status').selectOption('paid');
      await page
        .getByRole('button', { name: new RegExp(buyer.fullName) })
        .first()
        .click();
      await expect(order.getByRole('link', { name: /^CN-\d{6} \(PDF\)$/ })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(order.getByText('Paid twice by EFT')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('DNSimple management shows the registrars, routes an ending and switches one off and on', async ({
    page,
  }) => {
    await gotoHydrated(page, '/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'DNSimple management' })
      .click();
    await expect(
      page.getByText('No DNSIMPLE_TOKEN set: the local registrar sells every ending.'),
    ).toBeVisible();
    // The routing table: each ending's registrar, the default unless an owner chose one.
    const route = page.getByRole('combobox', { name: 'Registrar for .co.za' });
    await expect(route).toHaveValue('');
    await route.selectOption({ label: 'Local registrar' });
    await expect(page.getByText('.co.za is sold through Local registrar.').first()).toBeVisible();
    await expect(route).toHaveValue('local');
    const shots = process.env.REGISTRAR_SHOTS_DIR;
    if (shots) {
      await page.screenshot({ path: `${shots}/registrar-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${shots}/registrar-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await route.selectOption({ label: 'Default (Local registrar)' });
    await expect(route).toHaveValue('');
    const tech = page.getByRole('checkbox', { name: 'Sell .tech' });
    await expect(tech).toBeChecked();
    await tech.uncheck();
    await expect(page.getByText('.tech is no longer sold.').first()).toBeVisible();
    await expect(tech).not.toBeChecked();
    await tech.check();
    await expect(page.getByText('.tech is on sale.').first()).toBeVisible();
  });
});
