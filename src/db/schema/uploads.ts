import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { websiteProjects } from './projects.ts';
import { supportTicketMessages, supportTickets } from './tickets.ts';
import { orders } from './orders.ts';
import { registrationCases } from './registrations.ts';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files customers upload (a project's content, a ticket's attachments, proof of a payment), kept in the database:
 * never under the web root, served only to their owner and administrators, as downloads. The
 * type is what the content is, sniffed on upload.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').references(() => websiteProjects.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** The ticket message the file came with (a new ticket's form, a reply by e-mail). */
    ticketMessageId: uuid('ticket_message_id').references(() => supportTicketMessages.id, {
      onDelete: 'set null',
    }),
    /** Proof of a bank transfer the customer sent for an order. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** A company registration's documents: the customer's ID copies, CIPC's certificate. */
    registrationCaseId: uuid('registration_case_id').references(() => registrationCases.id, {
      onDelete: 'cascade',
    }),
    purpose: text('purpose').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by', { enum: ['customer', 'staff'] }).notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_project_idx').on(table.projectId, table.createdAt),
    index('uploads_ticket_idx').on(table.ticketId, table.createdAt),
    index('uploads_order_idx').on(table.orderId, table.createdAt),
    index('uploads_registration_case_idx').on(table.registrationCaseId, table.createdAt),
  ],
);
