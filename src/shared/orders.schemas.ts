import { z } from 'zod';
import { businessRegistrationSchema } from './business-registration.schemas.ts';
import { domainYears, registrantSchema } from './domain.schemas.ts';

/**
 * POST /api/orders: the cart's lines. `price` and `title` may be sent (the cart stores them) but
 * are ignored: the server prices every line from the catalogue and the registrar.
 */
const ignored = {
  price: z.unknown().optional(),
  title: z.unknown().optional(),
  id: z.unknown().optional(),
};
const quantity = z.coerce
  .number()
  .int()
  .min(1, 'Quantity must be at least 1')
  .max(20, 'At most 20 of one item')
  .default(1);
const addOnIds = z.array(z.string().max(60)).max(10).default([]);

export const orderItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('package'),
    packageId: z.string().max(60),
    addOnIds,
    quantity,
    ...ignored,
  }),
  z.object({
    type: z.literal('bundle'),
    packageId: z.string().max(60),
    addOnIds,
    quantity,
    ...ignored,
  }),
  z.object({
    type: z.literal('domain'),
    domain: z.string().max(300),
    years: z.coerce.number().int().min(domainYears.min).max(domainYears.max),
    registrant: registrantSchema,
    privacy: z.boolean().default(false),
    autoRenew: z.boolean().default(true),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  z.object({
    type: z.literal('service-request'),
    reference: z.string().regex(/^SR-[A-Z0-9]{6}$/, 'Not a service request reference'),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  z.object({
    type: z.literal('business-registration'),
    packageId: z.string().max(60),
    addOnIds,
    details: businessRegistrationSchema,
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
]);

export const createOrderSchema = z.object({
  items: z
    .array(orderItemSchema)
    .min(1, 'The cart is empty')
    .max(30, 'At most 30 lines in one order'),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const orderStatuses = [
  'pending_payment',
  'paid',
  'in_progress',
  'completed',
  'cancelled',
  'failed',
  'refunded',
] as const;

export const orderSchema = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  items: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
