import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { userTokens } from '#db/schema/index.ts';
import type { RenderedMail } from '../../integrations/mail/mail-template.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { unmintedTokenHash } from '../../integrations/mail/mail-links.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { hashToken } from '../../lib/secure-token.ts';
import { AppError } from '../../plugins/errors.ts';

export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export const tokenLifetimeMinutes: Record<TokenPurpose, number> = {
  verify_email: 48 * 60,
  change_email: 24 * 60,
  reset_password: 60,
};

/**
 * Opens a single-use link token's row (its token is minted when the mail carrying it is
 * delivered); earlier unused tokens of the same purpose stop working.
 */
async function issueUserToken(
  tx: Db | Tx,
  options: { userId: string; purpose: TokenPurpose; email: string },
): Promise<string> {
  await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.userId, options.userId),
        eq(userTokens.purpose, options.purpose),
        isNull(userTokens.usedAt),
      ),
    );
  const [row] = await tx
    .insert(userTokens)
    .values({
      userId: options.userId,
      purpose: options.purpose,
      email: options.email,
      tokenHash: unmintedTokenHash(),
      expiresAt: sql`now() + make_interval(mins => ${tokenLifetimeMinutes[options.purpose]})`,
    })
    .returning({ id: userTokens.id });
  return row!.id;
}

/** Issues a link token and queues the mail carrying it to `email`, in the caller's transaction. */
export async function mailUserLink(
  tx: Db | Tx,
  options: {
    userId: string;
    purpose: TokenPurpose;
    email: string;
    render: (token: string) => RenderedMail;
  },
): Promise<void> {
  const id = await issueUserToken(tx, options);
  await queueMail(tx, {
    to: options.email,
    userId: options.userId,
    ...options.render(tokenMintedOnDelivery),
    linkToken: { kind: 'user_token', id },
  });
}

/**
 * Uses a token up: one atomic update, so two clicks on the same link cannot both succeed.
 * A wrong, used or expired token throws INVALID_TOKEN with `message`.
 */
export async function consumeUserToken(
  tx: Db | Tx,
  token: string,
  purposes: TokenPurpose[],
  message: string,
) {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row || !purposes.includes(row.purpose)) throw new AppError('INVALID_TOKEN', { message });
  return row;
}

/** The address a user asked to move to and has not confirmed yet. */
export async function findPendingEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: userTokens.email })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, 'change_email'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}
