import { z } from 'zod';
import { statusEventSchema } from './status-event.schemas.ts';
import { pageOf } from './paging.ts';

export const domainOrderStatuses = [
  'pending_payment',
  'paid',
  'registering',
  'active',
  'failed',
  'refunded',
] as const;
export type DomainOrderStatus = (typeof domainOrderStatuses)[number];

export const domainOrderSchema = z.object({
  id: z.string(),
  domain: z.string(),
  years: z.number(),
  status: z.enum(domainOrderStatuses),
  price: z.number(),
  registrar: z.string(),
  registrarReference: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  registrantName: z.string(),
  registrantEmail: z.string(),
  autoRenew: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DomainOrder = z.infer<typeof domainOrderSchema>;

export const domainOrderPageSchema = pageOf(domainOrderSchema);
export type DomainOrderPage = z.infer<typeof domainOrderPageSchema>;

export const domainOrderDetailSchema = z.object({
  order: domainOrderSchema,
  events: z.array(statusEventSchema),
});
export type DomainOrderDetail = z.infer<typeof domainOrderDetailSchema>;
