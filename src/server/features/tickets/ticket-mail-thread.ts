/**
 * What ties an e-mail to its ticket, both ways. Every ticket mail goes out with a reply address
 * carrying a signed tag of the ticket (`support+t-7kq2mx-<signature>@domain`) and in one thread
 * per ticket (Message-ID, In-Reply-To, References built on the same tag), so an answer by e-mail
 * finds its ticket by the address it was sent to or by the message it answers — and a tag nobody
 * signed finds nothing.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MailHeaders } from '#db/schema/index.ts';
import type { Config } from '../../config.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

export interface TicketThreads {
  /** The plain support address (TICKET_REPLY_ADDRESS). */
  supportAddress: string;
  /** The reply address and thread headers of a mail about the ticket. */
  outgoing(
    reference: string,
    autoSubmitted?: MailHeaders['autoSubmitted'],
  ): { replyTo: string; headers: MailHeaders };
  /** The ticket reference an address's signed tag names, if the tag is ours; else null. */
  referenceOfAddress(address: string): string | null;
  /** The ticket reference of the first of these Message-IDs we signed; else null. */
  referenceOfMessageIds(ids: readonly string[]): string | null;
  /** Whether the address is the plain support address (no tag). */
  isSupportAddress(address: string): boolean;
  /** Whether the address is ours at all: the support address, with or without a tag. */
  isOurs(address: string): boolean;
  /** The token of the rating links in a ticket's closing mail. */
  ratingToken(reference: string): string;
  /** The ticket reference a rating token names, if we signed it; else null. */
  referenceOfRatingToken(token: string): string | null;
}

const ratingTokenPattern = /^(T-[A-Z0-9]{4,12})\.([a-f0-9]{32})$/;

/** 80 bits of HMAC: out of reach of guessing over SMTP, and short enough for a local part. */
const signatureLength = 20;
/** `t-7kq2mx-0123456789abcdef0123`: the ticket's reference, lower case, and its signature. */
const tagPattern = /^(t-[a-z0-9]{4,12})-([a-f0-9]{20})$/;

function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return {
    local: address.slice(0, at).toLowerCase(),
    domain: address.slice(at + 1).toLowerCase(),
  };
}

export function createTicketThreads(
  config: Pick<Config, 'ticketMail'>,
  box: Pick<SecretBox, 'sign'>,
): TicketThreads {
  const support = splitAddress(config.ticketMail.replyAddress);
  const signature = (reference: string) =>
    box.sign(reference.toUpperCase(), 'ticket mail').slice(0, signatureLength);
  const tagOf = (reference: string) => `${reference.toLowerCase()}-${signature(reference)}`;

  /** The reference a tag names when its signature is ours (compared in constant time). */
  function verify(tag: string): string | null {
    const match = tagPattern.exec(tag.toLowerCase());
    if (!match) return null;
    const reference = match[1]!.toUpperCase();
    const expected = Buffer.from(signature(reference));
    const given = Buffer.from(match[2]!);
    return timingSafeEqual(expected, given) ? reference : null;
  }

  const tagOfLocal = (local: string): string | null => {
    if (!local.startsWith(`${support.local}+`)) return null;
    return local.slice(support.local.length + 1);
  };

  return {
    supportAddress: `${support.local}@${support.domain}`,
    outgoing(reference, autoSubmitted = 'auto-generated') {
      const tag = tagOf(reference);
      // One thread per ticket: every mail answers the ticket's (never sent) root message.
      const root = `<${tag}@${support.domain}>`;
      return {
        replyTo: `${support.local}+${tag}@${support.domain}`,
        headers: {
          messageId: `<${tag}.${randomBytes(9).toString('base64url')}@${support.domain}>`,
          inReplyTo: root,
          references: [root],
          autoSubmitted,
        },
      };
    },
    referenceOfAddress(address) {
      const { local, domain } = splitAddress(address);
      if (domain !== support.domain) return null;
      const tag = tagOfLocal(local);
      return tag === null ? null : verify(tag);
    },
    referenceOfMessageIds(ids) {
      for (const id of ids) {
        const { local, domain } = splitAddress(id.trim().replace(/^<|>$/g, ''));
        if (domain !== support.domain) continue;
        const reference = verify(local.split('.')[0] ?? '');
        if (reference) return reference;
      }
      return null;
    },
    isSupportAddress(address) {
      const { local, domain } = splitAddress(address);
      return domain === support.domain && local === support.local;
    },
    ratingToken(reference) {
      const upper = reference.toUpperCase();
      return `${upper}.${box.sign(upper, 'ticket rating').slice(0, 32)}`;
    },
    referenceOfRatingToken(token) {
      const match = ratingTokenPattern.exec(token.trim());
      if (!match) return null;
      const expected = Buffer.from(box.sign(match[1]!, 'ticket rating').slice(0, 32));
      return timingSafeEqual(expected, Buffer.from(match[2]!)) ? match[1]! : null;
    },
    isOurs(address) {
      const { local, domain } = splitAddress(address);
      return domain === support.domain && (local === support.local || tagOfLocal(local) !== null);
    },
  };
}
