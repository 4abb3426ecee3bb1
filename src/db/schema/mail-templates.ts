import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admin.ts';

/**
 * The owner's wording of a mail, replacing the shipped text for `key` (a mail of the registry in
 * src/server/integrations/mail/templates/). No row: the shipped text. `{{variables}}` are checked
 * against the mail's own list when saved.
 */
export const mailTemplates = pgTable('mail_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedByAdminId: uuid('updated_by_admin_id').references(() => admins.id, {
    onDelete: 'set null',
  }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one look of every mail (a single row, id 'layout'): the logo, the colours and the footer
 * with the company's legal details. No row: the shipped look.
 */
export const mailLayout = pgTable('mail_layout', {
  id: text('id', { enum: ['layout'] }).primaryKey(),
  logoUrl: text('logo_url'),
  brandColour: text('brand_colour').notNull(),
  accentColour: text('accent_colour').notNull(),
  footer: text('footer').notNull(),
  updatedByAdminId: uuid('updated_by_admin_id').references(() => admins.id, {
    onDelete: 'set null',
  }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
