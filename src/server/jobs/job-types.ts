import { z } from 'zod';
import { domainReminderDays } from '#shared/domain.schemas.ts';

/**
 * Every kind of background job: its payload (validated when enqueued and again when run) and
 * how often it is tried before it is parked as failed for the back office. Adding a job is one
 * entry here and one `<name>.job.ts` handler.
 */
export const jobTypes = {
  'send-mail': { payload: z.object({ mailId: z.uuid() }), maxAttempts: 5 },
  // PayFast does not resend an ITN it got a 200 for: its confirmation is tried for over 24 hours
  // (1, 2, 4 … 32 minutes, then hourly: 30 tries span 24 h 3 min).
  'check-payment-notification': {
    payload: z.object({ notificationId: z.number().int().positive() }),
    maxAttempts: 30,
  },
  // Registrar steps answer in seconds (DNSimple's fixtures: 12–14 s): they run in the `registrar`
  // lane, REGISTRAR_CONCURRENCY at once, so one slow answer holds neither mail nor other orders.
  'register-domain': {
    payload: z.object({ orderId: z.uuid() }),
    maxAttempts: 5,
    lane: 'registrar',
  },
  // Registrars finish some registrations late: 1, 2, 4 … 32 minutes, then hourly — about a day.
  'poll-domain-registration': {
    payload: z.object({ orderId: z.uuid() }),
    maxAttempts: 30,
    lane: 'registrar',
  },
  // A transfer waits on the losing registrar for up to 7 days: 1, 2, 4 … 32 minutes, then hourly
  // (180 tries span about 7.5 days) before the company is told it is stuck.
  'poll-domain-transfer': {
    payload: z.object({ orderId: z.uuid() }),
    maxAttempts: 180,
    lane: 'registrar',
  },
  'domain-order-failed': { payload: z.object({ orderId: z.uuid() }), maxAttempts: 5 },
  // Every 6 hours (each run queues the next): the registrar's prices per ending, kept with their
  // time, so a cost that rose past our price's no-loss floor stops the sale and alerts the owners.
  'registrar-prices': { payload: z.object({}), maxAttempts: 5 },
  // Every night (each run queues the next): the registrar's list of our domains against our
  // records, the differences mailed to the owners.
  'registrar-reconciliation': { payload: z.object({}), maxAttempts: 5 },
  // Every 15 minutes while ZACR is configured (each run queues the next): its message queue read
  // and acknowledged, each message logged.
  'registry-poll': { payload: z.object({}), maxAttempts: 3 },
  // Runs 14 days before an expiry: a renewal order e-mailed with its payment link (auto-renew on).
  'domain-renewal-invoice': {
    payload: z.object({ orderId: z.uuid(), expiresAt: z.iso.datetime() }),
    maxAttempts: 5,
  },
  'domain-expiry-reminder': {
    payload: z.object({
      orderId: z.uuid(),
      daysBefore: z.union(domainReminderDays.map((d) => z.literal(d))),
    }),
    maxAttempts: 5,
  },
  // PayFast's API down: 1, 2, 4 … 32 minutes, then hourly — about 9 hours before the refund is
  // marked failed for an administrator to try again.
  'refund-payment': { payload: z.object({ refundId: z.uuid() }), maxAttempts: 12 },
  // PayFast's subscription API down: tried like a refund (about 9 hours), then the subscription
  // goes back to active and the company is told.
  'cancel-subscription': { payload: z.object({ subscriptionId: z.uuid() }), maxAttempts: 12 },
  // A subscription's new monthly amount told to PayFast once its last charge at the old amount is
  // in (decision 029): no answer is tried again like a cancel; a refusal is told to the company.
  'push-subscription-amount': {
    payload: z.object({ subscriptionId: z.uuid() }),
    maxAttempts: 12,
  },
  // A renewal charged to the customer's saved card (PayFast ad hoc): no answer is tried again
  // like a refund (about 9 hours); a declined card fails the payment at once.
  'charge-saved-card': { payload: z.object({ orderId: z.uuid() }), maxAttempts: 12 },
  // One step of a dunning case (features/dunning), queued at its time when the case opens and
  // keyed by case and step; the step itself is marked done in its own transaction, so it runs once.
  'dunning-step': {
    payload: z.object({ caseId: z.uuid(), step: z.string().min(1).max(40) }),
    maxAttempts: 5,
  },
  // An order awaiting a bank transfer: a reminder before EFT_KEEP_DAYS end, then it is cancelled.
  'bank-transfer-reminder': { payload: z.object({ paymentId: z.uuid() }), maxAttempts: 5 },
  'bank-transfer-expiry': { payload: z.object({ paymentId: z.uuid() }), maxAttempts: 5 },
  // Runs 7 days after a ticket is resolved (queued with runAt) and closes it unless reopened.
  'close-resolved-ticket': { payload: z.object({ ticketId: z.uuid() }), maxAttempts: 5 },
  // Lighthouse in Chromium, at most 60 s. Runs in the `browser` lane (its own runner,
  // SPEED_REPORT_CONCURRENCY at once) so a report never holds up mail or PayFast checks; a
  // second try only after a crash of the process.
  'speed-report': { payload: z.object({ reportId: z.uuid() }), maxAttempts: 2, lane: 'browser' },
  // Daily (each run queues the next): what the VAT Act no longer needs kept about deleted
  // customers — invoices and credit notes past five years — is anonymised.
  retention: { payload: z.object({}), maxAttempts: 5 },
  // Daily (each run queues the next): the compliance calendar's reminders, 30 and 7 days before
  // each date, each once; compliance care's renewal orders and the team's filings (features/compliance).
  'compliance-reminders': { payload: z.object({}), maxAttempts: 5 },
  // A backup of the whole database to BACKUP_DIR, verified (features/backups): every
  // BACKUP_EVERY_HOURS (each scheduled run queues the next) or when an owner asks. A failure is
  // tried again after 1, 2, 4, 8 minutes, then parked as failed for the back office. Its own
  // `backup` lane: a dump of minutes never holds up mail, nor a batch claimed behind it.
  backup: {
    payload: z.object({ trigger: z.enum(['schedule', 'owner']) }),
    maxAttempts: 5,
    lane: 'backup',
  },
  // The owners' alerts (features/alerts), every 5 minutes (each run queues the next). In a lane
  // of its own, so that jobs holding up the main lane cannot also silence the alert about them.
  'owner-alerts': { payload: z.object({}), maxAttempts: 2, lane: 'watch' },
  // The support desk's clock (features/tickets), every 5 minutes (each run queues the next):
  // missed response-time targets flagged and alerted, tickets left waiting on the customer warned
  // and then closed.
  'ticket-desk-watch': { payload: z.object({}), maxAttempts: 2 },
  // The support mailbox read over IMAP (INBOUND_IMAP_URL), every INBOUND_IMAP_EVERY_SECONDS; each
  // run queues the next first, so a failed read is simply tried at the next one.
  'poll-support-mailbox': { payload: z.object({}), maxAttempts: 1 },
  // One batch of an announcement's mailing (features/tickets/announcement-mailing.ts), queued for
  // its start; each batch queues the next a minute later while customers remain.
  'announcement-mailing': { payload: z.object({ announcementId: z.uuid() }), maxAttempts: 5 },
} as const satisfies Record<
  string,
  {
    payload: z.ZodType;
    maxAttempts: number;
    /** Jobs of a lane are run by a runner of their own (plugins/jobs.ts); others by the main one. */
    lane?: 'browser' | 'backup' | 'watch' | 'registrar';
  }
>;

export type JobName = keyof typeof jobTypes;
export type JobPayload<N extends JobName> = z.output<(typeof jobTypes)[N]['payload']>;

export const jobNames = Object.keys(jobTypes) as JobName[];

/** Seconds before the next try after `attempt` failed tries: 1, 2, 4, 8 … minutes, at most 1 h. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(60 * 2 ** Math.max(0, attempt - 1), 3600);
