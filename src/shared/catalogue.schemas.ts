import { z } from 'zod';

/** The catalogue as the API serves it: prices are rands with two decimals, computed from cents. */
export const servicePackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  pricing: z.enum(['fixed', 'from']),
  billing: z.enum(['once', 'monthly', 'yearly']),
  features: z.array(z.string()),
  deliveryDays: z.number(),
  delivery: z.string(),
});

export const serviceSchema = z.object({
  slug: z.string(),
  type: z.string(),
  name: z.string(),
  summary: z.string(),
  path: z.string(),
  packages: z.array(servicePackageSchema),
  addOns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      price: z.number(),
      billing: z.enum(['once', 'monthly', 'yearly']),
    }),
  ),
});
export type Service = z.infer<typeof serviceSchema>;
