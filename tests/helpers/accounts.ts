import { randomInt } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import type { AppInstance } from '../../src/server/app-instance.ts';
import { mintMailLink } from '../../src/server/integrations/mail/mail-links.ts';

interface InjectResponse {
  cookies: { name: string; value: string }[];
}

/** The `sid=…` header value a response set, to send back as the browser would. */
export function sessionCookie(response: InjectResponse, name = 'sid'): string {
  const cookie = response.cookies.find((c) => c.name === name && c.value);
  if (!cookie) throw new Error(`no ${name} cookie was set`);
  return `${name}=${cookie.value}`;
}

let counter = 0;

/**
 * Registers a fresh customer through the API, each from its own address as real customers are
 * (sign-up is rate-limited per IP); returns its session cookie and credentials.
 */
export async function signUp(app: AppInstance, overrides: { fullName?: string } = {}) {
  counter += 1;
  const email = `customer${counter}.${Date.now()}@example.co.za`;
  const password = 'correct horse battery staple';
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    // Random, not counted: counters shared through Redis outlive a test run.
    remoteAddress: `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`,
    payload: { fullName: overrides.fullName ?? 'Thandi Nkosi', email, password },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const user = response.json<{ id: string; email: string; fullName: string }>();
  return { user, email, password, cookie: sessionCookie(response) };
}

/** The newest mail to an address, optionally with a subject containing `subject`. */
export async function latestMail(app: AppInstance, to: string, subject = '') {
  const [mail] = await app.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to} about "${subject}"`);
  return mail;
}

/**
 * The token of a kept mail's link as its recipient gets it: delivering mints it (the same code
 * the SMTP delivery runs), so each call makes a new one and the previous stops working.
 */
export async function deliveredToken(
  app: AppInstance,
  mail: typeof mailOutbox.$inferSelect,
): Promise<string> {
  return tokenFromText((await mintMailLink(app.database.db, mail)).text);
}

/** The token of the first link in a mail's text part. */
export function tokenFromText(text: string): string {
  const match = /[?&]token=([^\s&]+)/.exec(text);
  if (!match) throw new Error('the mail has no link with a token');
  return decodeURIComponent(match[1]!);
}
