import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { markdownToParagraphs } from './announcement-text.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://www.example.co.za' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function publish(staffCookie: string, title: string, kind: 'service' | 'marketing') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/announcements',
    headers: { cookie: staffCookie },
    payload: {
      title,
      kind,
      bodyMarkdown: 'Read **this**.',
      startsAt: new Date().toISOString(),
      mailCustomers: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('announcement mail over SMTP', () => {
  it('carries List-Unsubscribe with one-click POST on news and offers only (RFC 8058)', async () => {
    const [customer] = await t.app.database.db
      .insert(users)
      .values({
        email: `smtp-${Date.now()}@example.co.za`,
        fullName: 'Lerato Dlamini',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const staff = await signInAdmin(t.app, { role: 'staff' });
    await publish(staff.cookie, 'Half price hosting this week', 'marketing');
    await publish(staff.cookie, 'Maintenance tonight', 'service');
    await t.app.jobs.drain();

    const offer = await smtp.waitFor(customer!.email, 'Half price hosting this week');
    expect(offer.text).toContain('Hi Lerato,');
    expect(offer.text).toContain('Read this.');
    // mailparser reads the List-* headers into one `list` entry.
    const list = offer.headers.get('list') as {
      unsubscribe: { url: string };
      'unsubscribe-post': { name: string };
    };
    expect(list.unsubscribe.url).toMatch(
      /^https:\/\/www\.example\.co\.za\/api\/marketing\/unsubscribe\?token=[0-9a-f-]{36}\.[0-9a-f]{32}$/,
    );
    expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');

    // The mail program's one-click POST to that address unsubscribes.
    const url = new URL(list.unsubscribe.url);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [after] = await t.app.database.db
      .select({ at: users.marketingOptOutAt })
      .from(users)
      .where(eq(users.id, customer!.id));
    expect(after!.at).toBeInstanceOf(Date);

    const service = await smtp.waitFor(customer!.email, 'Maintenance tonight');
    expect(service.headers.has('list')).toBe(false);
  });
});

describe('an announcement as mail text', () => {
  it('keeps the words, drops the markup and spells out links', () => {
    expect(
      markdownToParagraphs(
        '# Big news\n\nWe **moved** to [our new office](https://example.co.za/office) & <b>more</b>.\n\n' +
          '1. Call us\n2. Visit *us*\n\n> Quoted\n\n---\n\n`code`',
      ),
    ).toEqual([
      'Big news',
      'We moved to our new office (https://example.co.za/office) & more.',
      '1. Call us\n2. Visit us',
      'Quoted',
      'code',
    ]);
  });
});
