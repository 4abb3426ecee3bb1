import { formatDate } from '#shared/dates.ts';
import {
  autoCloseDays,
  ticketCategoryLabels,
  type TicketCategory,
} from '#shared/tickets.schemas.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

interface TicketSummary {
  reference: string;
  subject: string;
  name: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** To the customer when a ticket is opened: the reference and where to follow it. */
export function ticketOpenedMail(
  config: MailConfig,
  ticket: TicketSummary & { message: string },
  link: string,
): RenderedMail {
  return renderMail(config, {
    subject: `[${ticket.reference}] We received your message: ${ticket.subject}`,
    greeting: `Hi ${firstName(ticket.name)},`,
    paragraphs: [
      `Thank you for writing to us. Your ticket number is ${ticket.reference}; we reply within one business day, usually much sooner.`,
      `Your message: “${ticket.message}”`,
    ],
    action: { label: 'Follow the conversation', url: link },
    footnote: 'Keep this e-mail: the link lets you read our answers and reply at any time.',
  });
}

/** To the company (or the ticket's assignee): a new ticket or a customer's reply. */
export function ticketToStaffMail(
  config: MailConfig,
  ticket: TicketSummary & { email: string; category: TicketCategory },
  message: string,
  isNew: boolean,
): RenderedMail {
  return renderMail(config, {
    subject: isNew
      ? `[${ticket.reference}] New ticket (${ticketCategoryLabels[ticket.category]}): ${ticket.subject}`
      : `[${ticket.reference}] ${ticket.name} replied: ${ticket.subject}`,
    greeting: isNew ? 'A new support ticket,' : 'The customer replied,',
    paragraphs: [`From: ${ticket.name} <${ticket.email}>`, message],
    action: {
      label: 'Open the ticket',
      url: `${config.publicUrl}/admin/support-tickets/${encodeURIComponent(ticket.reference)}`,
    },
  });
}

/** To the customer: an administrator answered. */
export function staffReplyMail(
  config: MailConfig,
  ticket: TicketSummary,
  reply: { authorName: string; body: string },
  link: string,
): RenderedMail {
  return renderMail(config, {
    subject: `[${ticket.reference}] New reply: ${ticket.subject}`,
    greeting: `Hi ${firstName(ticket.name)},`,
    paragraphs: [`${reply.authorName} replied to your ticket ${ticket.reference}:`, reply.body],
    action: { label: 'Reply', url: link },
  });
}

/** To the customer: the ticket is resolved, and closes itself unless they reply. */
export function ticketResolvedMail(
  config: MailConfig,
  ticket: TicketSummary,
  closesAt: Date,
  link: string,
): RenderedMail {
  return renderMail(config, {
    subject: `[${ticket.reference}] Resolved: ${ticket.subject}`,
    greeting: `Hi ${firstName(ticket.name)},`,
    paragraphs: [
      `We marked your ticket ${ticket.reference} as resolved.`,
      `If something is still not right, reply before ${formatDate(closesAt.toISOString())} and the ticket opens again; after ${autoCloseDays} days it closes.`,
    ],
    action: { label: 'See the conversation', url: link },
  });
}
