import { z } from 'zod';

// The owner's e-mail templates and layout (issue 32 §4): the back office's payloads.

export const mailTemplateSubjectMax = 200;
export const mailTemplateBodyMax = 5000;
export const mailFooterMax = 600;

export const mailTemplateKeyParams = z.object({
  key: z.string().regex(/^[a-z][a-z-]{1,40}$/, 'Not a mail template'),
});

/** PUT /api/admin/mail-templates/{key}, and its preview and test send: the words of the mail. */
export const mailTemplateTextSchema = z.object({
  subject: z
    .string({ error: 'Enter the subject' })
    .trim()
    .min(3, 'Enter a subject of at least 3 characters')
    .max(mailTemplateSubjectMax, `Keep the subject to ${mailTemplateSubjectMax} characters`)
    .refine((subject) => !/[\r\n]/.test(subject), 'Keep the subject on one line'),
  body: z
    .string({ error: 'Enter the text of the mail' })
    .trim()
    .min(10, 'Enter the text of the mail')
    .max(mailTemplateBodyMax, `Keep the text to ${mailTemplateBodyMax} characters`),
});
export type MailTemplateText = z.infer<typeof mailTemplateTextSchema>;

export const mailTemplateSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  audience: z.enum(['customer', 'team']),
  sentWhen: z.string(),
  /** Whether the owner's words replace the shipped ones. */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MailTemplateSummary = z.infer<typeof mailTemplateSummarySchema>;
export const mailTemplateListSchema = z.array(mailTemplateSummarySchema);

export const mailTemplateDetailSchema = mailTemplateSummarySchema.extend({
  variables: z.array(z.object({ name: z.string(), description: z.string(), sample: z.string() })),
  required: z.array(
    z.object({ placeholder: z.string(), in: z.enum(['subject', 'body']), why: z.string() }),
  ),
  /** The button's label and the note under it: they stay as shipped. */
  action: z.string().nullable(),
  footnote: z.string().nullable(),
  shipped: mailTemplateTextSchema,
  current: mailTemplateTextSchema,
});
export type MailTemplateDetail = z.infer<typeof mailTemplateDetailSchema>;

/** A mail as it would be sent, with sample values. */
export const mailPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailPreview = z.infer<typeof mailPreviewSchema>;

export const mailTestSentSchema = z.object({ sentTo: z.string() });

const hexColour = z
  .string({ error: 'Choose a colour' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Give the colour as #rrggbb, e.g. #1d4ed8')
  .transform((colour) => colour.toLowerCase());

/** WCAG 2's contrast ratio of a #rrggbb colour against white. */
export function contrastWithWhite(colour: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** Text in these colours stands on white (the mail's page, the button's label). */
const readableOnWhite = (what: string) => (colour: string) =>
  contrastWithWhite(colour) >= 4.5 ||
  `The ${what} is too light to read against white (contrast ${contrastWithWhite(colour).toFixed(1)}:1, at least 4.5:1 is needed): choose a darker one`;

/** PUT /api/admin/mail-layout: the look of every mail. */
export const mailLayoutInputSchema = z.object({
  logoUrl: z
    .string()
    .trim()
    .max(500, 'Keep the logo address to 500 characters')
    .refine(
      (url) => url === '' || /^https:\/\/[^\s"'<>]+$/.test(url),
      'The logo address must start with https://',
    )
    .transform((url) => (url === '' ? null : url)),
  brandColour: hexColour.superRefine((colour, context) => {
    const verdict = readableOnWhite('heading colour')(colour);
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict });
  }),
  accentColour: hexColour.superRefine((colour, context) => {
    const verdict = readableOnWhite('button colour')(colour);
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict });
  }),
  footer: z
    .string({ error: 'Enter the footer' })
    .trim()
    .min(3, 'Enter the footer with your legal details')
    .max(mailFooterMax, `Keep the footer to ${mailFooterMax} characters`),
});
export type MailLayoutInput = z.input<typeof mailLayoutInputSchema>;
export type MailLayoutValues = z.output<typeof mailLayoutInputSchema>;

export const mailLayoutSchema = z.object({
  logoUrl: z.string().nullable(),
  brandColour: z.string(),
  accentColour: z.string(),
  footer: z.string(),
  edited: z.boolean(),
  /** The placeholders the footer may use. */
  placeholders: z.array(z.string()),
});
export type MailLayout = z.infer<typeof mailLayoutSchema>;
