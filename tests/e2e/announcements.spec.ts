import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { checkLayouts } from './fixtures/layout.ts';
import { linkFromMail, mailTo } from './fixtures/mailbox.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.ANNOUNCEMENT_SHOTS_DIR;

test.describe('announcements', () => {
  test.use({ signedInAs: 'admin' });

  test('staff publish one with mail; a customer sees it on the dashboard and the help page', async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const customerContext = await browser.newContext({
      storageState: { cookies: [], origins: [] },
    });
    const customer = await customerContext.newPage();
    const account = await signUp(customer, 'Zanele Mokoena');
    // Only customers with a confirmed address are mailed.
    await customer.goto(await linkFromMail(request, account.email, 'Confirm your e-mail address'));
    await expect(customer.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();

    const title = `Half price hosting ${Date.now()}`;
    const announcements = await (await request.get('/api/announcements')).json();
    if (announcements.length === 0) {
      await gotoHydrated(customer, '/help/announcements');
      await expect(customer.getByText('No announcements right now.')).toBeVisible();
      await checkLayouts(customer, 'help-announcements-empty', shotDir);
    }

    // Staff write it, with a preview of the Markdown, and ask for it to be mailed.
    await gotoHydrated(page, '/admin/announcements');
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('form', { name: 'New announcement' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('radio', { name: /News and offers/ }).check();
    await form
      .getByLabel('Announcement')
      .fill('All **hosting** plans are half price this week.\n\n- Order by Friday\n- Any plan');
    await expect(form.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText(
      'hosting',
    );
    await form.getByLabel('Mail it to customers').check();
    await checkLayouts(page, 'admin-announcement-form', shotDir);
    await form.getByRole('button', { name: 'Publish announcement' }).click();
    await expect(page.getByText('Announcement published').first()).toBeVisible();
    const item = page.getByRole('list', { name: 'Announcements' }).getByRole('listitem').first();
    await expect(item.getByRole('heading', { name: title })).toBeVisible();
    await expect(item.getByText('Showing now')).toBeVisible();

    // The mail reaches the customer, with its link to the site and an unsubscribe link.
    const mail = await mailTo(request, account.email, title, 30_000);
    expect(mail.text).toContain('Hi Zanele,');
    expect(mail.text).toContain('All hosting plans are half price this week.');
    expect(mail.text).toMatch(/Read it on our site: http:\/\/\S+\/help\/announcements/);
    const unsubscribeLink = /Unsubscribe: (http\S+)/.exec(mail.text)![1]!;
    await expect(async () => {
      await page.reload();
      await expect(
        page
          .getByRole('list', { name: 'Announcements' })
          .getByRole('listitem')
          .first()
          .getByText(/Mailed to \d+ customers?/),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await checkLayouts(page, 'admin-announcements', shotDir);

    // The customer sees it on the dashboard, and can put it away.
    await gotoHydrated(customer, '/user/dashboard');
    const panel = customer.getByRole('article', { name: title });
    await expect(panel).toContainText('All hosting plans are half price this week.');
    await checkLayouts(customer, 'dashboard-announcements', shotDir);

    // …and on the help centre's announcements page, with its dates.
    await gotoHydrated(customer, '/help/announcements');
    const listed = customer.getByRole('article', { name: title });
    await expect(listed).toContainText('News and offers');
    await expect(listed).toContainText(/From \d{1,2} \w+ \d{4}/);
    await expect(listed.locator('li')).toHaveText(['Order by Friday', 'Any plan']);
    await checkLayouts(customer, 'help-announcements', shotDir);

    await gotoHydrated(customer, '/user/dashboard');
    await customer.getByRole('button', { name: `Dismiss “${title}”` }).click();
    await expect(customer.getByRole('article', { name: title })).toHaveCount(0);
    await customer.reload();
    await expect(customer.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await expect(customer.getByRole('article', { name: title })).toHaveCount(0);

    // The mail's unsubscribe link: one button, then the setting shows it off.
    await customer.goto(new URL(unsubscribeLink).pathname + new URL(unsubscribeLink).search);
    await customer.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(customer.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await checkLayouts(customer, 'unsubscribed', shotDir);
    await gotoHydrated(customer, '/user/settings');
    const setting = customer.getByLabel('Send me news and offers by e-mail');
    await expect(setting).not.toBeChecked();
    await setting.check();
    await expect(customer.getByText('You will get our news and offers').first()).toBeVisible();
    await expect(setting).toBeChecked();

    // Taken down, so the other specs' customers (and their dashboards) do not get it.
    const all = (await (await page.request.get('/api/admin/announcements')).json()) as {
      id: string;
      title: string;
    }[];
    const ours = all.find((announcement) => announcement.title === title)!;
    expect((await page.request.delete(`/api/admin/announcements/${ours.id}`)).status()).toBe(200);

    await customerContext.close();
    expect(consoleErrors).toEqual([]);
  });
});
