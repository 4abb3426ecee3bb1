import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp, tokenFromText } from '../../../../tests/helpers/accounts.ts';
import { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://www.example.co.za',
    MAIL_FROM: 'Sebenza Digital <no-reply@example.co.za>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers the reset mail with text and HTML parts, and its link resets the password', async () => {
    const { email } = await signUp(t.app);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);

    const mail = await smtp.waitFor(email, 'Reset your Sebenza Digital password');
    expect(mail.from).toContain('no-reply@example.co.za');
    expect(mail.text).toContain('https://www.example.co.za/reset-password?token=');
    expect(mail.text).toContain('Johannesburg East South Africa');
    expect(mail.html).toContain('href="https://www.example.co.za/reset-password?token=');
    expect(mail.html).toContain('Sebenza Digital');

    const link = new URL(/https:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: link.searchParams.get('token'), password: 'fresh strong passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'fresh strong passphrase' },
    });
    expect(login.statusCode).toBe(200);
    await smtp.waitFor(email, 'password was changed');

    const [row] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, mail.subject));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(Date) });
  });

  it('also delivers the verification mail of a sign-up', async () => {
    const { email } = await signUp(t.app, { fullName: 'Naledi Khumalo' });
    const mail = await smtp.waitFor(email, 'Confirm your e-mail address');
    expect(mail.text).toContain('Hi Naledi,');
    expect(tokenFromText(mail.text).length).toBeGreaterThan(20);
  });
});

describe('mail when SMTP is down', () => {
  it('keeps the mail pending with the error, retries with back-off, then parks it as failed', async () => {
    const down = await startSmtpCatcher();
    await down.close();
    const app = await createTestApp({ SMTP_URL: down.url });
    try {
      const { email } = await signUp(app.app);
      await app.app.jobs.drain();
      const mailRow = async () =>
        (await app.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0]!;
      expect(await mailRow()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await mailRow()).lastError).toMatch(/ECONNREFUSED/);
      const { id } = await mailRow();
      const job = async () =>
        (await jobsNamed(app.app, 'send-mail')).find((j) => j.payload.mailId === id)!;
      expect(await job()).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await job()).runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
      for (let attempt = 2; attempt <= 5; attempt++) await runRetriesNow(app.app);
      expect(await mailRow()).toMatchObject({ status: 'failed', attempts: 5 });
      expect(await job()).toMatchObject({ status: 'failed', attempts: 5 });
      expect((await job()).lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await app.close();
    }
  });
});

describe('mail without SMTP', () => {
  it('stores the mail in the outbox', async () => {
    const app = await createTestApp();
    try {
      const { email } = await signUp(app.app);
      await app.app.jobs.drain();
      const [row] = await app.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email));
      expect(row).toMatchObject({ status: 'stored', sentAt: expect.any(Date) });
    } finally {
      await app.close();
    }
  });
});
