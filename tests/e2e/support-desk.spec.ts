import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { mailboxLogin } from '../helpers/dovecot.ts';
import { e2eAdmin } from './fixtures/admin.ts';
import { expect, gotoHydrated, test } from './fixtures/console.ts';
import { checkLayouts } from './fixtures/layout.ts';
import { mailTo, type CaughtMail } from './fixtures/mailbox.ts';
import { signUp } from './fixtures/sessions.ts';

const shotDir = process.env.TICKET_SHOTS_DIR;

const replyAddress = (mail: CaughtMail) =>
  (mail.headers['reply-to'] as { value: { address: string }[] }).value[0]!.address;

const ownWords =
  'Hi {customer_first_name},\n\n{staff_name} of the {company_name} help desk answered ticket {ticket_reference}:\n\n{reply}\n\nAnswer this e-mail to write back.';

test.describe('the support desk by e-mail', () => {
  test.use({ signedInAs: 'admin' });

  test('a ticket with a file, answered in the owner’s words, replied to by SMTP and from a mailbox, rated on close', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);

    // The owner rewords the reply mail; a text without the reply itself is refused in the page.
    await gotoHydrated(page, '/admin/mail-templates');
    await page.getByRole('link', { name: 'Reply to a ticket' }).click();
    await expect(page.getByRole('heading', { name: 'Reply to a ticket' })).toBeVisible();
    await expect(page.getByText('Shipped text', { exact: true })).toBeVisible();
    const body = page.getByLabel('Text', { exact: true });
    await body.fill('Hi {customer_first_name},\n\nWe answered your ticket.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Keep {reply} in the body' }),
    ).toBeVisible();
    await body.fill(ownWords);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'The mail as designed, with sample values' });
    await expect(preview.getByText('Sipho Dlamini of the Sebenza Digital help desk')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Template saved').first()).toBeVisible();
    await expect(page.getByText(/Your words since/)).toBeVisible();
    await checkLayouts(page, 'mail-template', shotDir);
    await gotoHydrated(page, '/admin/mail-templates');
    await checkLayouts(page, 'mail-templates', shotDir);

    // A customer opens a ticket with a file; the team hears of it.
    const customerContext = await browser.newContext({
      storageState: { cookies: [], origins: [] },
    });
    const customer = await customerContext.newPage();
    const account = await signUp(customer, 'Ayanda Mthembu');
    const subject = `Mail for ayanda-${Date.now()}.co.za`;
    await gotoHydrated(customer, '/user/dashboard');
    await customer.getByRole('button', { name: 'Open a ticket' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Open a support ticket' });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Category').selectOption('Website');
    await dialog.getByLabel('How can we help?').fill('My new mailbox does not receive mail.');
    await dialog.getByLabel('Files (optional)').setInputFiles({
      name: 'bounce.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('550 5.1.1 mailbox unavailable\n'),
    });
    await dialog.getByRole('button', { name: 'Open ticket' }).click();
    await expect(customer).toHaveURL(/\/user\/support\/T-[A-Z0-9]+$/);
    const reference = customer.url().split('/').pop()!;
    await expect(
      customer.getByRole('article', { name: 'Message from You' }).getByRole('link', {
        name: 'bounce.txt',
      }),
    ).toBeVisible();
    const alert = await mailTo(
      page.request,
      'hello@sebenzadigital.co.za',
      `[${reference}] New ticket`,
    );
    expect(alert.text).toContain('My new mailbox does not receive mail.');

    // The team answers; the customer's mail carries the owner's words.
    await gotoHydrated(page, `/admin/support-tickets/${reference}`);
    await page.getByLabel('Reply to Ayanda Mthembu').fill('Please check the MX record.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText(`E-mailed to ${account.email}.`).first()).toBeVisible();
    const answer = await mailTo(page.request, account.email, `[${reference}] New reply`);
    expect(answer.text).toContain(
      `${e2eAdmin.name} of the Sebenza Digital help desk answered ticket ${reference}:`,
    );
    expect(answer.text).toContain('Please check the MX record.');
    expect(answer.text).toContain('Answer this e-mail to write back.');

    // The customer answers by e-mail: their mail server hands it to our SMTP receiver…
    const relay = nodemailer.createTransport({
      host: '127.0.0.1',
      port: Number(process.env.E2E_INBOUND_PORT ?? 5095),
      secure: false,
      ignoreTLS: true,
    });
    await relay.sendMail({
      from: `Ayanda Mthembu <${account.email}>`,
      to: replyAddress(answer),
      subject: `Re: ${answer.subject}`,
      inReplyTo: answer.headers['message-id'] as string,
      text: `The MX record points to the old host.\n\nOn Friday, the desk wrote:\n> Please check the MX record.`,
    });
    relay.close();
    // No one is assigned yet: the alert goes to the company's address.
    const staffAlert = await mailTo(
      page.request,
      'hello@sebenzadigital.co.za',
      `[${reference}] Ayanda Mthembu replied`,
    );
    expect(staffAlert.text).toContain('The MX record points to the old host.');
    expect(staffAlert.text).not.toContain('> Please check');

    // …and once more through the support mailbox the site reads over IMAP.
    const mailbox = new ImapFlow({
      host: '127.0.0.1',
      port: Number(process.env.E2E_IMAP_PORT ?? 5096),
      secure: false,
      auth: { user: mailboxLogin.user, pass: mailboxLogin.password },
      logger: false,
    });
    await mailbox.connect();
    await mailbox.append(
      'INBOX',
      [
        `From: Ayanda Mthembu <${account.email}>`,
        `To: ${mailboxLogin.user}`,
        `Subject: Re: ${answer.subject}`,
        `Message-ID: <imap-${Date.now()}@mail.example.co.za>`,
        `In-Reply-To: ${answer.headers['message-id'] as string}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'I changed it; mail arrives now. Thank you!',
        '',
      ].join('\r\n'),
    );
    await mailbox.logout();

    await gotoHydrated(customer, `/user/support/${reference}`);
    await expect(customer.getByText('The MX record points to the old host.')).toBeVisible();
    await expect(async () => {
      await customer.reload();
      await expect(customer.getByText('I changed it; mail arrives now. Thank you!')).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 40_000 });

    // The team resolves it; one click in the mail rates the help.
    await gotoHydrated(page, `/admin/support-tickets/${reference}`);
    await expect(page.getByText('I changed it; mail arrives now.')).toBeVisible();
    await page.getByLabel('State').selectOption('Resolved');
    await expect(page.getByText(/Closes by itself on/)).toBeVisible();
    const resolved = await mailTo(page.request, account.email, `[${reference}] Resolved`);
    const rating = /Good, thank you: (\S+)/.exec(resolved.text)?.[1];
    expect(rating, resolved.text).toBeDefined();
    await gotoHydrated(customer, new URL(rating!).pathname + new URL(rating!).search);
    await expect(
      customer.getByRole('heading', { name: 'Thank you for your rating' }),
    ).toBeVisible();

    // The owner goes back to the shipped words.
    await gotoHydrated(page, '/admin/mail-templates/ticket-staff-reply');
    await page.getByRole('button', { name: 'Reset to the shipped text' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset the template' }).click();
    await expect(page.getByText('Shipped text', { exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
    await customerContext.close();
  });
});
