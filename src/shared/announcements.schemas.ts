import { z } from 'zod';

// Announcements (issue 32 §3): news for customers shown on the dashboard and at
// /help/announcements between their start and end, optionally mailed to every customer.

export const announcementKinds = ['service', 'marketing'] as const;
export type AnnouncementKind = (typeof announcementKinds)[number];

export const announcementKindLabels: Record<AnnouncementKind, string> = {
  service: 'Service news',
  marketing: 'News and offers',
};

/** What each kind means for the mailing, in the words the form shows. */
export const announcementKindExplanations: Record<AnnouncementKind, string> = {
  service:
    'Maintenance, outages, price or policy changes: mailed to every customer with a confirmed address.',
  marketing:
    'Offers and news: mailed only to customers who did not unsubscribe, with an unsubscribe link.',
};

export const announcementTitleMin = 3;
export const announcementTitleMax = 120;
export const announcementBodyMax = 20_000;

// South Africa keeps UTC+2 all year (no daylight saving): a time typed in the back office's
// date-time box is read as South African time whatever the browser's own zone.
const saOffset = '+02:00';
const saOffsetMs = 2 * 60 * 60 * 1000;
const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const isoDateTime = z.iso.datetime({ offset: true });

/** An ISO date-time with its offset, or a date-time box's `YYYY-MM-DDTHH:mm` in South African time. */
const dateTimeSchema = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .transform((value, context) => {
      const date = localDateTime.test(value)
        ? new Date(`${value}:00${saOffset}`)
        : isoDateTime.safeParse(value).success
          ? new Date(value)
          : null;
      if (!date || Number.isNaN(date.getTime())) {
        context.addIssue({ code: 'custom', message: `Enter the ${label} as a date and time` });
        return z.NEVER;
      }
      return date;
    });

/** A date-time as the back office's date-time box shows it: `YYYY-MM-DDTHH:mm`, South African time. */
export const toSaDateTimeInput = (iso: string): string =>
  new Date(new Date(iso).getTime() + saOffsetMs).toISOString().slice(0, 16);

/**
 * POST /api/admin/announcements, PUT /api/admin/announcements/{id}: the form's fields. No end
 * (empty) keeps it showing until it is changed or deleted.
 */
export const announcementInputSchema = z
  .object({
    title: z
      .string({ error: 'Enter a title' })
      .trim()
      .min(announcementTitleMin, `Enter a title of at least ${announcementTitleMin} characters`)
      .max(announcementTitleMax, `Keep the title to ${announcementTitleMax} characters`),
    kind: z.enum(announcementKinds, { error: 'Choose service news or news and offers' }),
    bodyMarkdown: z
      .string({ error: 'Write the announcement' })
      .trim()
      .min(1, 'Write the announcement')
      .max(announcementBodyMax, `Keep the announcement to ${announcementBodyMax} characters`),
    startsAt: dateTimeSchema('start'),
    endsAt: z
      .union([z.literal(''), z.null(), dateTimeSchema('end')])
      .optional()
      .transform((end) => (end instanceof Date ? end : null)),
    mailCustomers: z.boolean().default(false),
  })
  .superRefine((values, context) => {
    if (values.endsAt && values.endsAt.getTime() <= values.startsAt.getTime()) {
      context.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'The end must be after the start',
      });
    }
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type AnnouncementValues = z.output<typeof announcementInputSchema>;

export const announcementIdParams = z.object({ id: z.uuid('Not an announcement id') });

/** GET /api/announcements: what customers see now, newest first. */
export const publicAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(announcementKinds),
  /** The Markdown as sanitised HTML, safe to put in the page. */
  bodyHtml: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type PublicAnnouncement = z.infer<typeof publicAnnouncementSchema>;
export const publicAnnouncementListSchema = z.array(publicAnnouncementSchema);

/** Where a mailing stands: off, waiting for the start, under way, or done (to `mailed` customers). */
export const mailingStates = ['off', 'scheduled', 'mailing', 'mailed'] as const;
export type MailingState = (typeof mailingStates)[number];

export const announcementSchema = publicAnnouncementSchema.extend({
  bodyMarkdown: z.string(),
  mailCustomers: z.boolean(),
  mailing: z.object({ state: z.enum(mailingStates), mailed: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementListSchema = z.array(announcementSchema);

export const announcementDeletedSchema = z.object({ id: z.string(), title: z.string() });
export type AnnouncementDeleted = z.infer<typeof announcementDeletedSchema>;

/** POST /api/admin/announcements/preview: the Markdown as the page will show it. */
export const announcementPreviewSchema = z.object({
  bodyMarkdown: z.string().max(announcementBodyMax, 'The announcement is too long to preview'),
});
export const announcementPreviewResultSchema = z.object({ html: z.string() });

/** POST /api/marketing/unsubscribe: the signed token of the link (JSON from our page). */
export const unsubscribeSchema = z.object({
  token: z.string().trim().min(1).max(200).optional(),
  /** RFC 8058's one-click POST (form body) names no token: it is in the URL. */
  'List-Unsubscribe': z.literal('One-Click').optional(),
});
export const unsubscribeQuerySchema = z.object({ token: z.string().max(200).optional() });
export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });

/** GET/PUT /api/user/marketing-mail: whether the customer gets news and offers by e-mail. */
export const marketingMailSchema = z.object({ subscribed: z.boolean() });
export type MarketingMail = z.infer<typeof marketingMailSchema>;
