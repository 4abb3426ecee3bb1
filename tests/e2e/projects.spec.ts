import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { checkLayouts } from './fixtures/layout.ts';
import { mailTo } from './fixtures/mailbox.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.PROJECT_SHOTS_DIR;

test.describe('website projects', () => {
  test.use({ signedInAs: 'admin' });

  test('a won website request moves through every stage, with content, comments and approval', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const customerContext = await browser.newContext({
      storageState: { cookies: [], origins: [] },
    });
    const customer = await customerContext.newPage();
    const account = await signUp(customer, 'Ayanda Zulu');
    const company = `Zulu Bakery ${Date.now()}`;

    // A website request, won by the back office, becomes a project.
    const created = await customer.request.post('/api/service-requests', {
      data: {
        serviceType: 'website_development',
        name: account.fullName,
        email: account.email,
        company,
        message: 'A website for our bakery in Durban with the menu and opening hours.',
      },
    });
    expect(created.status()).toBe(201);
    const { reference: requestReference } = (await created.json()) as { reference: string };
    const list = (await (
      await page.request.get('/api/admin/service-requests?status=new')
    ).json()) as { items: { id: string; reference: string }[] };
    const request = list.items.find((item) => item.reference === requestReference)!;
    for (const data of [
      { status: 'contacted' },
      { status: 'quoted', quote: 8999 },
      { status: 'won' },
    ]) {
      const moved = await page.request.patch(`/api/admin/service-requests/${request.id}`, { data });
      expect(moved.status()).toBe(200);
    }

    // The customer finds it on the dashboard and fills in the content checklist.
    await gotoHydrated(customer, '/user/dashboard');
    const panel = customer.getByRole('heading', { name: 'Website projects' }).locator('..');
    await panel.getByRole('link', { name: `Website for ${company}` }).click();
    await expect(customer).toHaveURL(/\/user\/projects\/P-[A-Z0-9]+$/);
    const reference = customer.url().split('/').pop()!;
    const first = await mailTo(
      page.request,
      account.email,
      `[${reference}] Your website project: Brief`,
    );
    expect(first.text).toContain(`/user/projects/${reference}`);
    await customer.getByLabel('Logo', { exact: true }).fill('https://drive.example.co.za/logo.png');
    await customer.getByLabel('Domain name').fill('zulubakery.co.za');
    await customer.getByRole('button', { name: 'Save content' }).click();
    await expect(customer.getByText('2 of 4 done.')).toBeVisible();
    await customer.getByLabel('Your comment').fill('Please use the orange of our shop front.');
    await customer.getByRole('button', { name: 'Send comment' }).click();
    await expect(customer.getByText('Please use the orange of our shop front.')).toBeVisible();

    // The back office works from the board.
    await gotoHydrated(page, '/admin/website-projects');
    const brief = page.getByRole('region', { name: /^Brief/ });
    await brief.getByRole('link', { name: `Website for ${company}` }).click();
    await expect(page.getByText('Please use the orange of our shop front.')).toBeVisible();
    await expect(page.getByText('zulubakery.co.za')).toBeVisible();
    await page
      .getByLabel(`Comment to ${account.fullName}`)
      .fill('Orange it is. Designs by Friday.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(page.getByText('Orange it is. Designs by Friday.')).toBeVisible();
    await mailTo(page.request, account.email, `[${reference}] New comment`);
    await page.getByLabel('Design', { exact: true }).fill('2030-03-02');
    await page.getByRole('button', { name: 'Save due dates' }).click();
    await expect(page.getByText('Due dates saved').first()).toBeVisible();
    for (const stage of ['Design', 'Build', 'Review']) {
      await page.getByLabel('Stage', { exact: true }).selectOption(stage);
      await expect(page.getByText(`Moved to ${stage}`).first()).toBeVisible();
      await mailTo(page.request, account.email, `[${reference}] Your website project: ${stage}`);
    }

    // The customer approves at review: it moves to launch.
    await gotoHydrated(customer, `/user/projects/${reference}`);
    await expect(customer.getByText('Orange it is. Designs by Friday.')).toBeVisible();
    await checkLayouts(customer, 'customer-project', shotDir);
    await customer.getByRole('button', { name: 'Approve the website' }).click();
    await expect(
      customer.getByText('We connect your domain and launch the website.').first(),
    ).toBeVisible();
    await mailTo(page.request, account.email, `[${reference}] Your website project: Launch`);

    await page.reload();
    await page.getByLabel('Stage', { exact: true }).selectOption('Live');
    await expect(page.getByText('Moved to Live').first()).toBeVisible();
    await mailTo(page.request, account.email, `[${reference}] Your website project: Live`);
    await checkLayouts(page, 'admin-project', shotDir);
    await gotoHydrated(page, '/admin/website-projects');
    await expect(
      page
        .getByRole('region', { name: /^Live/ })
        .getByRole('link', { name: `Website for ${company}` }),
    ).toBeVisible();
    await checkLayouts(page, 'admin-board', shotDir);
    await gotoHydrated(page, '/admin/dashboard');
    await expect(page.getByRole('heading', { name: /Website projects by stage/ })).toBeVisible();

    await customerContext.close();
    expect(consoleErrors).toEqual([]);
  });

  test('a paid company registration: the customer sees its stages, the team does one', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const customerContext = await browser.newContext({
      storageState: { cookies: [], origins: [] },
    });
    const customer = await customerContext.newPage();
    const account = await signUp(customer, 'Nandi Khumalo');
    const name = `Khumalo Bakery ${Date.now()}`;

    // Ordered and paid through the API and the PayFast simulator (the order form has its own test).
    const ordered = await customer.request.post('/api/orders', {
      data: {
        items: [
          {
            type: 'business-registration',
            packageId: 'registration-basic-company',
            addOnIds: [],
            details: {
              packageId: 'registration-basic-company',
              names: [name, `${name} Breads`],
              companyType: 'private_company',
              directors: [
                { fullName: account.fullName, idType: 'sa_id', idNumber: '9506245120008' },
              ],
              address: {
                street: '12 Vilakazi Street',
                city: 'Soweto',
                province: 'Gauteng',
                postalCode: '1804',
              },
              financialYearEnd: 'February',
              taxRegistrations: ['income_tax'],
              contactEmail: account.email,
              contactPhone: '',
            },
          },
        ],
      },
    });
    expect(ordered.status()).toBe(201);
    const { reference: orderReference } = (await ordered.json()) as { reference: string };
    const form = (await (
      await customer.request.post(`/api/orders/${orderReference}/payfast`)
    ).json()) as { action: string; fields: Record<string, string> };
    const simulator = await customer.request.post(form.action, { form: form.fields });
    const session = /name="session" value="([^"]+)"/.exec(await simulator.text())![1]!;
    await customer.request.post('/payfast-simulator/eng/complete', {
      form: { session, outcome: 'complete' },
      maxRedirects: 0,
    });
    const opened = await mailTo(
      page.request,
      account.email,
      'Your company registration has started',
    );
    const link = /\/user\/registrations\/R-[A-Z0-9]+/.exec(opened.text)![0];

    await gotoHydrated(customer, link);
    const stages = customer.getByRole('list', { name: 'Registration stages' });
    await expect(customer.getByRole('heading', { name: 'Now: Name reservation' })).toBeVisible();
    await expect(stages.getByRole('listitem')).toHaveCount(5);
    await checkLayouts(customer, 'registration-customer', shotDir);

    // The team ticks the checklist on the board's case and records the name CIPC approved.
    await gotoHydrated(page, '/admin/registrations');
    await page.getByRole('link', { name }).first().click();
    for (const item of ['Names checked', 'Reservation filed', 'Approved name recorded']) {
      const box = page.getByRole('checkbox', { name: new RegExp(item) });
      await box.click();
      await expect(box).toBeChecked();
    }
    await page.getByLabel('Name CIPC approved').selectOption(`${name} Breads`);
    await page.getByRole('button', { name: 'Mark Name reservation done' }).click();
    await expect(page.getByText('Checklist: Registration lodged')).toBeVisible();
    await checkLayouts(page, 'registration-admin', shotDir);
    await mailTo(page.request, account.email, 'Name reservation: done');

    await customer.reload();
    await expect(customer.getByRole('heading', { name: 'Now: Registration lodged' })).toBeVisible();
    await expect(stages.getByText(/^Done .+ · /)).toHaveCount(1);
    await expect(customer.getByText(`${name} Breads · approved by CIPC`)).toBeVisible();
    await customerContext.close();
    expect(consoleErrors).toEqual([]);
  });
});
