import { e2eAdmin } from './fixtures/admin.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { checkLayouts } from './fixtures/layout.ts';
import { linkFromMail, mailTo } from './fixtures/mailbox.ts';
import { signUp, uniqueEmail } from './fixtures/sessions.ts';

const shotDir = process.env.TICKET_SHOTS_DIR;

test.describe('support tickets', () => {
  test.use({ signedInAs: 'admin' });

  test('customer ↔ back office conversation, with internal notes and e-mails', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // A browser of the customer's own, without the administrator's session.
    const customerContext = await browser.newContext({
      storageState: { cookies: [], origins: [] },
    });
    const customer = await customerContext.newPage();
    const account = await signUp(customer, 'Nomsa Khumalo');
    const subject = `Transfer of nomsa-${Date.now()}.co.za`;

    // The customer opens a ticket from the dashboard.
    await gotoHydrated(customer, '/user/dashboard');
    const panel = customer.getByRole('heading', { name: 'Support tickets' }).locator('..');
    await expect(panel.getByText('No tickets yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'Open a ticket' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Open a support ticket' });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Category').selectOption('Domains');
    await dialog
      .getByLabel('How can we help?')
      .fill('Please move my domain from my old host to you.');
    // Files go with the first message, shown inside it.
    await dialog.getByLabel('Files (optional)').setInputFiles([
      { name: 'epp-code.txt', mimeType: 'text/plain', buffer: Buffer.from('EPP: 7XK-22Q\n') },
      { name: 'whois.txt', mimeType: 'text/plain', buffer: Buffer.from('Registrar: Old Host\n') },
    ]);
    await expect(dialog.getByRole('list', { name: 'Files to send' })).toContainText('whois.txt');
    await checkLayouts(customer, 'new-ticket-files', shotDir);
    await dialog.getByRole('button', { name: 'Open ticket' }).click();
    await expect(customer).toHaveURL(/\/user\/support\/T-[A-Z0-9]+$/);
    const reference = customer.url().split('/').pop()!;
    await expect(customer.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(
      customer.getByText('Please move my domain from my old host to you.'),
    ).toBeVisible();
    const first = customer.getByRole('article', { name: 'Message from You' });
    await expect(first.getByRole('link', { name: 'epp-code.txt' })).toBeVisible();
    await expect(first.getByRole('link', { name: 'whois.txt' })).toBeVisible();
    const received = await mailTo(page.request, account.email, `[${reference}] We received`);
    expect(received.text).toContain(`/user/support/${reference}`);

    // A screenshot goes with it; a program dressed as a picture is refused with the reason.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const attach = customer.getByLabel('Attach a file (optional)');
    await attach.setInputFiles({ name: 'old-host.png', mimeType: 'image/png', buffer: png });
    await customer.getByRole('button', { name: 'Upload' }).click();
    await expect(customer.getByRole('link', { name: 'old-host.png' })).toBeVisible();
    await attach.setInputFiles({
      name: 'invoice.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([
        Buffer.from('MZ'),
        Buffer.alloc(126),
        Buffer.from('PE\0\0'),
        Buffer.alloc(64),
      ]),
    });
    await customer.getByRole('button', { name: 'Upload' }).click();
    await expect(
      customer.getByText(/This kind of file cannot be uploaded \(it is EXE\)/),
    ).toBeVisible();
    const download = customer.waitForEvent('download');
    await customer.getByRole('link', { name: 'old-host.png' }).click();
    expect((await download).suggestedFilename()).toBe('old-host.png');

    // The administrator finds it by state and category, assigns it, notes and replies.
    await gotoHydrated(page, '/admin/support-tickets');
    await page.getByLabel('Status').selectOption('Open');
    await page.getByLabel('Category').selectOption('Domains');
    await page.getByRole('link', { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/support-tickets/${reference}$`));
    await expect(page.getByRole('link', { name: 'old-host.png' })).toBeVisible();
    await page.getByLabel('Assignee').selectOption({ label: e2eAdmin.name });
    await expect(page.getByText('Ticket updated').first()).toBeVisible();
    // A domain transfer waiting on us is urgent: its first reply is due within the hour.
    await expect(page.getByLabel('Department')).toHaveValue('support');
    await page.getByLabel('Priority').selectOption('urgent');
    await expect(page.getByText(/First reply due in (\d+ min|1 h)/)).toBeVisible();
    await page.getByLabel('Internal note (not sent to the customer)').check();
    await page
      .getByLabel('Internal note', { exact: true })
      .fill('Old host is slow with EPP codes.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('article', { name: /Internal note by/ })).toContainText(
      'Old host is slow with EPP codes.',
    );
    await page.getByLabel('Internal note (not sent to the customer)').uncheck();
    await page.getByLabel('Reply to Nomsa Khumalo').fill('Please send us the EPP code.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText(`E-mailed to ${account.email}.`).first()).toBeVisible();
    await expect(page.getByRole('article', { name: /Message from Esther Admin/ })).toBeVisible();
    await expect(page.getByLabel('State')).toHaveValue('awaiting_customer');

    const replyMail = await mailTo(page.request, account.email, `[${reference}] New reply`);
    expect(replyMail.text).toContain('Please send us the EPP code.');
    expect(replyMail.text).not.toContain('EPP codes');

    // The customer sees the reply (never the note) and answers.
    await gotoHydrated(customer, `/user/support/${reference}`);
    await expect(customer.getByText('Please send us the EPP code.')).toBeVisible();
    await expect(customer.getByText('Old host is slow')).toHaveCount(0);
    await expect(customer.getByText('We answered and are waiting for your reply.')).toBeVisible();
    await customer.getByLabel('Your reply').fill('The EPP code is Q7-x9!pL');
    await customer.getByRole('button', { name: 'Send reply' }).click();
    await expect(customer.getByText('The EPP code is Q7-x9!pL')).toBeVisible();
    await expect(customer.getByText('Open', { exact: true })).toBeVisible();
    const toAssignee = await mailTo(
      page.request,
      e2eAdmin.email,
      `[${reference}] Nomsa Khumalo replied`,
    );
    expect(toAssignee.text).toContain('The EPP code is Q7-x9!pL');

    // The administrator resolves it; the customer is told it closes in 7 days.
    await page.reload();
    await expect(page.getByText('The EPP code is Q7-x9!pL')).toBeVisible();
    await page.getByLabel('State').selectOption('Resolved');
    await expect(page.getByText(/Closes by itself on/)).toBeVisible();
    const resolved = await mailTo(page.request, account.email, `[${reference}] Resolved`);
    await gotoHydrated(customer, `/user/support/${reference}`);
    await expect(customer.getByText(/We marked this ticket resolved/)).toBeVisible();

    // One click in the mail rates our help; the page records it and lets the customer change it.
    const rating = /Good, thank you: (\S+)/.exec(resolved.text)?.[1];
    expect(rating, resolved.text).toBeDefined();
    await gotoHydrated(customer, new URL(rating!).pathname + new URL(rating!).search);
    await expect(
      customer.getByRole('heading', { name: 'Thank you for your rating' }),
    ).toBeVisible();
    await expect(customer.getByText(`ticket ${reference}`)).toContainText('good');
    await customer.getByRole('button', { name: 'Change my rating to “not good”' }).click();
    await expect(customer.getByText(/as not good/)).toBeVisible();
    if (shotDir) await customer.screenshot({ path: `${shotDir}/rating.png`, fullPage: true });

    await checkLayouts(customer, 'customer-ticket', shotDir);
    await checkLayouts(page, 'admin-ticket', shotDir);
    await gotoHydrated(customer, '/user/dashboard');
    await expect(panel.getByRole('link', { name: subject })).toBeVisible();
    if (shotDir) await customer.screenshot({ path: `${shotDir}/dashboard.png`, fullPage: true });
    await gotoHydrated(page, '/admin/support-tickets');
    await expect(page.getByRole('link', { name: subject })).toBeVisible();
    if (shotDir) await page.screenshot({ path: `${shotDir}/admin-list.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
    await customerContext.close();
  });
});

test.describe('contact-form tickets', () => {
  test('a visitor follows the mailed link, reads the answer and replies without an account', async ({
    page,
    playwright,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('lindiwe');
    const subject = `Shop for my bakery ${Date.now()}`;
    await gotoHydrated(page, '/contact');
    await page.getByLabel('Your name').fill('Lindiwe Zulu');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Can you build an online shop for my bakery in Durban?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    const link = await linkFromMail(page.request, email, 'We received your message');
    const reference = /\[(T-[A-Z0-9]+)\]/.exec(
      (await mailTo(page.request, email, 'We received your message')).subject,
    )![1]!;

    // The team answers from the back office (through its API here; the UI is tested above).
    const admin = await playwright.request.newContext({ baseURL });
    await admin.post('/api/admin/login', {
      data: { email: e2eAdmin.email, password: e2eAdmin.password },
    });
    const answered = await admin.post(`/api/admin/tickets/${reference}/messages`, {
      data: { message: 'Yes! Our Business package includes a shop with PayFast.' },
    });
    expect(answered.status()).toBe(201);
    await admin.dispose();

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('Our Business package includes a shop')).toBeVisible();
    await page.getByLabel('Your reply').fill('Wonderful, please send me a quote.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Wonderful, please send me a quote.')).toBeVisible();
    await mailTo(page.request, 'hello@sebenzadigital.co.za', `[${reference}] Lindiwe Zulu replied`);
    await checkLayouts(page, 'visitor-ticket', shotDir);

    await page.goto('/support/reply?token=not-a-real-token-at-all-000000');
    await expect(
      page.getByRole('heading', { name: 'This link does not open a ticket' }),
    ).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
