/**
 * Marketing mail's unsubscribe (RFC 8058): each mail's link carries a token signed for its
 * customer, so one click (or a mail provider's one-click POST) unsubscribes without signing in,
 * and a token nobody signed unsubscribes no one.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { AppError } from '../../plugins/errors.ts';

const purpose = 'marketing-unsubscribe';
const tokenPattern = /^([0-9a-f-]{36})\.([a-f0-9]{32})$/;

export interface UnsubscribeTokens {
  tokenFor(userId: string): string;
  /** The customer a token names, if we signed it; else null. */
  userOf(token: string): string | null;
}

export function createUnsubscribeTokens(box: Pick<SecretBox, 'sign'>): UnsubscribeTokens {
  const signature = (userId: string) => box.sign(userId, purpose).slice(0, 32);
  return {
    tokenFor: (userId) => `${userId}.${signature(userId)}`,
    userOf(token) {
      const match = tokenPattern.exec(token.trim().toLowerCase());
      if (!match) return null;
      const expected = Buffer.from(signature(match[1]!));
      return timingSafeEqual(expected, Buffer.from(match[2]!)) ? match[1]! : null;
    },
  };
}

/** The address a marketing mail's link and its List-Unsubscribe header point at (an API URL). */
export const unsubscribeApiUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/marketing/unsubscribe?token=${encodeURIComponent(token)}`;

/** The page the mail's visible link opens: one button that unsubscribes. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** Unsubscribes the customer a signed token names; doing it again changes nothing. */
export async function unsubscribeByToken(
  db: Db,
  tokens: UnsubscribeTokens,
  token: string | undefined,
): Promise<void> {
  const userId = token ? tokens.userOf(token) : null;
  if (!userId) {
    throw new AppError('INVALID_TOKEN', { message: 'That unsubscribe link is not valid' });
  }
  await db
    .update(users)
    .set({ marketingOptOutAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.marketingOptOutAt)));
}

/** Whether the customer gets news and offers by e-mail. */
export async function marketingMailOf(db: Db, userId: string): Promise<{ subscribed: boolean }> {
  const [row] = await db
    .select({ optedOut: users.marketingOptOutAt })
    .from(users)
    .where(eq(users.id, userId));
  return { subscribed: !row?.optedOut };
}

/** The customer's own choice in their settings: subscribe again, or unsubscribe. */
export async function setMarketingMail(
  db: Db,
  userId: string,
  subscribed: boolean,
): Promise<{ subscribed: boolean }> {
  await db
    .update(users)
    .set({
      // An earlier opt-out keeps its date when unsubscribing again.
      marketingOptOutAt: subscribed ? null : sql`coalesce(${users.marketingOptOutAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return { subscribed };
}
