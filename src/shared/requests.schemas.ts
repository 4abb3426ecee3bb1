import { z } from 'zod';
import { emailSchema, fullNameSchema, optionalText, phoneSchema } from './auth.schemas.ts';
import { formatZAR } from './money.ts';
import { pageOf } from './paging.ts';
import { serviceTypes, type ServiceType } from './service-types.ts';

/** Bots fill every field; people never see this one. A filled honeypot is accepted and dropped. */
const honeypot = z.string().max(500).optional();

const messageSchema = z
  .string({ error: 'Tell us what you need' })
  .trim()
  .min(10, 'Tell us a little more: at least 10 characters')
  .max(4000, 'Keep the message under 4000 characters');

export const serviceRequestSchema = z.object({
  serviceType: z.enum(serviceTypes as [ServiceType, ...ServiceType[]], {
    error: 'Choose a service',
  }),
  packageId: z.string().trim().max(60).optional(),
  name: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  company: optionalText(120, 'Company'),
  message: messageSchema,
  answers: z
    .record(
      z.string().max(60),
      z.string().trim().max(1000, 'Keep each answer under 1000 characters'),
    )
    .optional(),
  website: honeypot,
});
export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;

export const serviceRequestStatuses = [
  'new',
  'contacted',
  'quoted',
  'paid',
  'won',
  'lost',
] as const;
export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

/**
 * Where an administrator may move a request: new → contacted → quoted → won or lost (lost from
 * any open step). Only the customer's card payment makes a quoted request paid.
 */
export const nextStatuses: Record<ServiceRequestStatus, ServiceRequestStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['quoted', 'lost'],
  quoted: ['won', 'lost'],
  paid: ['won'],
  won: [],
  lost: [],
};

export const serviceRequestSchemaOut = z.object({
  id: z.string(),
  reference: z.string(),
  serviceType: z.string(),
  packageId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  message: z.string(),
  answers: z.record(z.string(), z.string()),
  status: z.enum(serviceRequestStatuses),
  /** The quoted price in rand, VAT included; set once the request is quoted. */
  quote: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchemaOut>;

export const serviceRequestPageSchema = pageOf(serviceRequestSchemaOut);
export type ServiceRequestPage = z.infer<typeof serviceRequestPageSchema>;

export const serviceRequestCreatedSchema = z.object({
  reference: z.string(),
  status: z.enum(serviceRequestStatuses),
  createdAt: z.string(),
});
export type ServiceRequestCreated = z.infer<typeof serviceRequestCreatedSchema>;

/** A status change; quoting needs the amount (rand, VAT included) the customer will pay. */
export const statusChangeSchema = z
  .object({
    status: z.enum(serviceRequestStatuses),
    quote: z.coerce
      .number({ error: 'Enter the quoted amount in rand' })
      .min(1, `The quote must be at least ${formatZAR(100)}`)
      .max(1_000_000, `The quote must be at most ${formatZAR(1_000_000_00)}`)
      .optional(),
  })
  .refine((change) => change.status !== 'quoted' || change.quote !== undefined, {
    message: 'Enter the quoted amount in rand',
    path: ['quote'],
  });
export type StatusChange = z.input<typeof statusChangeSchema>;

export const contactSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  subject: z
    .string({ error: 'Enter a subject' })
    .trim()
    .min(3, 'Enter a subject of at least 3 characters')
    .max(150, 'Keep the subject under 150 characters'),
  message: messageSchema,
  website: honeypot,
});
export type ContactInput = z.input<typeof contactSchema>;
