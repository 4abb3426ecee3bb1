import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#db/schema/index.ts';
import type {
  MailLayout,
  MailPreview,
  MailTemplateDetail,
  MailTemplateSummary,
} from '#shared/mail-templates.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { mailTemplateKeys } from '../../integrations/mail/templates/registry.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAdmin(t.app, { role: 'owner' });
});
afterAll(() => t.close());

const call = injectCaller(() => t.app);

const asOwner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(method, url, { cookie: owner.cookie, ...(payload ? { payload } : {}) });

const welcome = {
  subject: 'Welcome to {company_name}, {customer_first_name}: one click to start',
  body: 'Dear {customer_first_name},\n\nThank you for choosing {company_name}.\n\nConfirm your address and we are ready when you are.',
};

describe('mail templates', () => {
  it('are the owners’: anyone else is refused', async () => {
    const staff = await signInAdmin(t.app, { role: 'staff' });
    const customer = await signUp(t.app);
    expect((await call('GET', '/api/admin/mail-templates')).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/admin/mail-templates', { cookie: customer.cookie })).statusCode,
    ).toBe(401);
    const refused = await call('PUT', '/api/admin/mail-templates/verify-email', {
      cookie: staff.cookie,
      payload: welcome,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('error');
    expect((await call('GET', '/api/admin/mail-layout', { cookie: staff.cookie })).statusCode).toBe(
      403,
    );
  });

  it('lists every editable mail with its shipped words, variables and what it must keep', async () => {
    const list = (await asOwner('GET', '/api/admin/mail-templates')).json<MailTemplateSummary[]>();
    expect(list.map((entry) => entry.key)).toEqual(mailTemplateKeys);
    expect(list.every((entry) => entry.name.length > 0 && entry.sentWhen.length > 0)).toBe(true);

    const receipt = (
      await asOwner('GET', '/api/admin/mail-templates/receipt')
    ).json<MailTemplateDetail>();
    expect(receipt.current).toEqual(receipt.shipped);
    expect(receipt.edited).toBe(false);
    expect(receipt.variables.map((variable) => variable.name)).toEqual(
      expect.arrayContaining(['invoice_noun', 'invoice_number', 'total', 'company_name']),
    );
    expect(receipt.required.map((rule) => rule.placeholder)).toEqual(
      expect.arrayContaining(['invoice_noun', 'invoice_number']),
    );
    const unknown = await asOwner('GET', '/api/admin/mail-templates/no-such-mail');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'There is no such mail template' });
  });

  it('refuses unknown variables, a removed required wording and a subject on two lines', async () => {
    const typo = await asOwner('PUT', '/api/admin/mail-templates/verify-email', {
      ...welcome,
      body: 'Hi {customer_frist_name},\n\nWelcome.',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<{ error: string }>().error).toMatch(
      /^Unknown placeholder \{customer_frist_name\}: use \{customer_first_name\}, /,
    );

    const receipt = (
      await asOwner('GET', '/api/admin/mail-templates/receipt')
    ).json<MailTemplateDetail>();
    const withoutInvoiceWords = await asOwner('PUT', '/api/admin/mail-templates/receipt', {
      subject: receipt.shipped.subject,
      body: receipt.shipped.body.replace('Your {invoice_noun} {invoice_number}', 'Your document'),
    });
    expect(withoutInvoiceWords.statusCode).toBe(400);
    expect(withoutInvoiceWords.json<{ error: string }>().error).toMatch(
      /^Keep \{invoice_noun\} in the body and \{invoice_number\} in the body: /,
    );

    const ticketSubject = await asOwner('PUT', '/api/admin/mail-templates/ticket-staff-reply', {
      subject: 'A new reply about {ticket_subject}',
      body: 'Hi {customer_first_name},\n\n{reply}',
    });
    expect(ticketSubject.statusCode).toBe(400);
    expect(ticketSubject.json<{ error: string }>().error).toContain(
      '{ticket_reference} in the subject',
    );

    const twoLines = await asOwner('PUT', '/api/admin/mail-templates/verify-email', {
      ...welcome,
      subject: 'Welcome\nBcc: someone@example.com',
    });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json()).toMatchObject({ error: 'subject: Keep the subject on one line' });
    expect(
      (await asOwner('GET', '/api/admin/mail-templates/verify-email')).json<MailTemplateDetail>()
        .edited,
    ).toBe(false);
  });

  it('previews with sample values and sends a test of the editor’s words to the owner only', async () => {
    const preview = await asOwner(
      'POST',
      '/api/admin/mail-templates/verify-email/preview',
      welcome,
    );
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<MailPreview>();
    expect(shown.subject).toBe('Welcome to Sebenza Digital, Thandi: one click to start');
    expect(shown.text).toContain('Dear Thandi,');
    expect(shown.html).toContain('Thank you for choosing Sebenza Digital.');
    expect(shown.html).toContain('Confirm my e-mail address');

    const test = await asOwner('POST', '/api/admin/mail-templates/verify-email/test', welcome);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ sentTo: owner.email });
    const sent = await latestMail(t.app, owner.email, '[Test]');
    expect(sent.subject).toBe('[Test] Welcome to Sebenza Digital, Thandi: one click to start');
    // Trying words out saves nothing: customers still get the shipped mail.
    const customer = await signUp(t.app, { fullName: 'Lerato Mokoena' });
    expect((await latestMail(t.app, customer.email)).subject).toBe(
      'Confirm your e-mail address for Sebenza Digital',
    );
  });

  it('puts the owner’s saved words in the next mail, audited, until they reset them', async () => {
    const saved = await asOwner('PUT', '/api/admin/mail-templates/verify-email', welcome);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MailTemplateDetail>()).toMatchObject({ edited: true, current: welcome });

    const customer = await signUp(t.app, { fullName: 'Sipho Dlamini' });
    const mail = await latestMail(t.app, customer.email);
    expect(mail.subject).toBe('Welcome to Sebenza Digital, Sipho: one click to start');
    expect(mail.text).toContain('Dear Sipho,\n\nThank you for choosing Sebenza Digital.');
    // The button and its token link are the mail's own, whatever the words.
    expect(mail.html).toContain('Confirm my e-mail address');
    expect(mail.linkToken).not.toBeNull();

    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'verify-email'));
    expect(audits.map((entry) => entry.action)).toEqual(['mail_template.saved']);

    const reset = await asOwner('DELETE', '/api/admin/mail-templates/verify-email');
    expect(reset.json<MailTemplateDetail>()).toMatchObject({ edited: false, updatedAt: null });
    const later = await signUp(t.app, { fullName: 'Ayanda Zulu' });
    expect((await latestMail(t.app, later.email)).subject).toBe(
      'Confirm your e-mail address for Sebenza Digital',
    );
  });
});

describe('the mail layout', () => {
  const layout = {
    logoUrl: 'https://cdn.sebenzadigital.co.za/logo.png',
    brandColour: '#14532D',
    accentColour: '#166534',
    footer:
      '{company_name} (Pty) Ltd, registration 2021/123456/07\nVAT number 4123456789\n{contact_email}',
  };

  it('refuses colours too light to read, a logo not on https and unknown placeholders', async () => {
    const light = await asOwner('PUT', '/api/admin/mail-layout', {
      ...layout,
      accentColour: '#facc15',
    });
    expect(light.statusCode).toBe(400);
    expect(light.json<{ error: string }>().error).toMatch(
      /^accentColour: The button colour is too light to read against white \(contrast 1\.\d:1/,
    );
    const http = await asOwner('PUT', '/api/admin/mail-layout', {
      ...layout,
      logoUrl: 'http://cdn.example.co.za/logo.png',
    });
    expect(http.json()).toMatchObject({
      error: 'logoUrl: The logo address must start with https://',
    });
    const unknown = await asOwner('PUT', '/api/admin/mail-layout', {
      ...layout,
      footer: '{company} (Pty) Ltd',
    });
    expect(unknown.json<{ error: string }>().error).toMatch(/^Unknown placeholder \{company\}/);
    expect((await asOwner('GET', '/api/admin/mail-layout')).json<MailLayout>().edited).toBe(false);
  });

  it('dresses every mail once saved, in the HTML and the text part', async () => {
    const preview = (
      await asOwner('POST', '/api/admin/mail-layout/preview', layout)
    ).json<MailPreview>();
    expect(preview.html).toContain('background:#166534');
    expect(preview.html).toContain('src="https://cdn.sebenzadigital.co.za/logo.png"');

    const saved = await asOwner('PUT', '/api/admin/mail-layout', layout);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MailLayout>()).toMatchObject({ edited: true, brandColour: '#14532d' });

    // A mail outside the template registry is dressed the same.
    const customer = await signUp(t.app);
    await call('POST', '/api/forgot-password', { payload: { email: customer.email } });
    const mail = await latestMail(t.app, customer.email, 'Reset');
    expect(mail.html).toContain('alt="Sebenza Digital"');
    expect(mail.html).toContain(
      'Sebenza Digital (Pty) Ltd, registration 2021/123456/07<br>VAT number 4123456789',
    );
    expect(mail.text).toContain(
      '-- \nSebenza Digital (Pty) Ltd, registration 2021/123456/07\nVAT number 4123456789\nhello@',
    );

    const reset = (await asOwner('DELETE', '/api/admin/mail-layout')).json<MailLayout>();
    expect(reset).toMatchObject({ edited: false, logoUrl: null, brandColour: '#1e3a8a' });
  });
});
