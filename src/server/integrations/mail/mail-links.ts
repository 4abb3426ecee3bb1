import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  adminInvitations,
  payLinks,
  supportTicketLinks,
  userTokens,
  type MailLinkToken,
} from '#db/schema/index.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { createSecureToken } from '../../lib/secure-token.ts';

/**
 * The hash a token row starts with, before its mail is delivered: the hash of a token no one
 * keeps, so the row opens nothing until delivery gives it a real one.
 */
export const unmintedTokenHash = (): string => createSecureToken().hash;

/** Stores a new token's hash on the row the link points at. */
const armers: Record<
  MailLinkToken['kind'],
  (db: Db, id: string, hash: string) => Promise<unknown>
> = {
  user_token: (db, id, hash) =>
    db.update(userTokens).set({ tokenHash: hash }).where(eq(userTokens.id, id)),
  admin_invitation: (db, id, hash) =>
    db.update(adminInvitations).set({ tokenHash: hash }).where(eq(adminInvitations.id, id)),
  ticket_link: (db, id, hash) =>
    db.update(supportTicketLinks).set({ tokenHash: hash }).where(eq(supportTicketLinks.id, id)),
  pay_link: (db, id, hash) =>
    db.update(payLinks).set({ tokenHash: hash }).where(eq(payLinks.id, id)),
};

interface StoredMail {
  text: string;
  html: string;
  linkToken: MailLinkToken | null;
}

/**
 * The mail as its recipient gets it: a fresh token is minted for its link (the previous one, if
 * an earlier delivery made one, stops working) and put in place of the placeholder. The result
 * is handed to the recipient and never written back.
 */
export async function mintMailLink(
  db: Db,
  mail: StoredMail,
): Promise<{ text: string; html: string }> {
  if (!mail.linkToken) return { text: mail.text, html: mail.html };
  const { token, hash } = createSecureToken();
  await armers[mail.linkToken.kind](db, mail.linkToken.id, hash);
  const withToken = (body: string) =>
    body.replaceAll(`token=${tokenMintedOnDelivery}`, `token=${token}`);
  return { text: withToken(mail.text), html: withToken(mail.html) };
}
