import { z } from 'zod';

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

export const domainOrderPageSchema = z.object({
  items: z.array(domainOrderSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type DomainOrderPage = z.infer<typeof domainOrderPageSchema>;

export const domainOrderDetailSchema = z.object({
  order: domainOrderSchema,
  events: z.array(
    z.object({
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type DomainOrderDetail = z.infer<typeof domainOrderDetailSchema>;
