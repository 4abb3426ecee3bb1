import { formatDate, formatDateTime } from '#shared/dates.ts';
import {
  awaitingCloseDays,
  ticketPriorityLabels,
  type TicketPriority,
  type TicketRating,
} from '#shared/ticket-desk.schemas.ts';
import {
  autoCloseDays,
  ticketCategoryLabels,
  type TicketCategory,
} from '#shared/tickets.schemas.ts';
import {
  renderMail,
  type MailConfig,
  type RenderedMail,
} from '../../integrations/mail/mail-template.ts';
import { templateMail } from '../../integrations/mail/templates/template-mail.ts';

interface TicketSummary {
  reference: string;
  subject: string;
  name: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The variables every customer's ticket mail has (templates/registry.ts). */
const ticketValues = (ticket: TicketSummary) => ({
  customer_first_name: firstName(ticket.name),
  ticket_reference: ticket.reference,
  ticket_subject: ticket.subject,
});

/** To the customer when a ticket is opened: the reference and where to follow it. */
export function ticketOpenedMail(
  config: MailConfig,
  ticket: TicketSummary & { message: string },
  link: string,
): RenderedMail {
  return templateMail(
    config,
    'ticket-opened',
    { ...ticketValues(ticket), message: ticket.message },
    { actionUrl: link },
  );
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
  return templateMail(
    config,
    'ticket-staff-reply',
    { ...ticketValues(ticket), staff_name: reply.authorName, reply: reply.body },
    { actionUrl: link },
  );
}

/** The one-click rating of a closing mail: each answer opens the rating page, which records it. */
function ratingChoices(config: MailConfig, ratingToken: string) {
  const url = (rating: TicketRating) =>
    `${config.publicUrl}/support/rate?token=${encodeURIComponent(ratingToken)}&rating=${rating}`;
  return {
    question: 'How did we do? One click tells us:',
    links: [
      { label: 'Good, thank you', url: url('good') },
      { label: 'Not good', url: url('bad') },
    ],
  };
}

/** To the customer: the ticket is resolved, and closes itself unless they reply. */
export function ticketResolvedMail(
  config: MailConfig,
  ticket: TicketSummary,
  closesAt: Date,
  link: string,
  ratingToken: string,
): RenderedMail {
  return templateMail(
    config,
    'ticket-resolved',
    {
      ...ticketValues(ticket),
      reopen_until: formatDate(closesAt.toISOString()),
      close_days: String(autoCloseDays),
    },
    { actionUrl: link, choices: ratingChoices(config, ratingToken) },
  );
}

/** To the customer: we are waiting on them, and the ticket closes on `closesAt` without a reply. */
export function ticketClosingSoonMail(
  config: MailConfig,
  ticket: TicketSummary,
  closesAt: Date,
  link: string,
): RenderedMail {
  return templateMail(
    config,
    'ticket-closing-soon',
    { ...ticketValues(ticket), close_date: formatDate(closesAt.toISOString()) },
    { actionUrl: link },
  );
}

/** To the customer: a ticket that waited on them closed, with the rating. */
export function ticketClosedMail(
  config: MailConfig,
  ticket: TicketSummary,
  link: string,
  ratingToken: string,
): RenderedMail {
  return templateMail(
    config,
    'ticket-closed',
    { ...ticketValues(ticket), waited_days: String(awaitingCloseDays) },
    { actionUrl: link, choices: ratingChoices(config, ratingToken) },
  );
}

/** To the department's staff: a ticket missed a response-time target. */
export function ticketBreachMail(
  config: MailConfig,
  ticket: TicketSummary & { priority: TicketPriority },
  missed: 'first response' | 'resolution',
  dueAt: Date,
): RenderedMail {
  return renderMail(config, {
    subject: `[${ticket.reference}] Missed ${missed} target (${ticketPriorityLabels[ticket.priority]}): ${ticket.subject}`,
    greeting: 'A ticket missed its response-time target,',
    paragraphs: [
      `The ${missed} of ticket ${ticket.reference} from ${ticket.name} was due by ${formatDateTime(dueAt.toISOString())} (priority ${ticketPriorityLabels[ticket.priority].toLowerCase()}).`,
    ],
    action: {
      label: 'Open the ticket',
      url: `${config.publicUrl}/admin/support-tickets/${encodeURIComponent(ticket.reference)}`,
    },
  });
}
