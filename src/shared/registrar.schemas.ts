import { z } from 'zod';

/** Our records against the registrar's list of our account (the page and the nightly mail). */
export const registrarReconciliationSchema = z.object({
  checkedAt: z.iso.datetime(),
  heldAtRegistrar: z.number().int(),
  /** Active in our records, not held by the registrar. */
  missingAtRegistrar: z.array(z.object({ domain: z.string(), expiresAt: z.string().nullable() })),
  /** Held by the registrar without an active order here, with the name's last order if any. */
  unknownHere: z.array(
    z.object({
      domain: z.string(),
      expiresAt: z.string(),
      lastOrder: z.object({ reference: z.string(), status: z.string() }).nullable(),
    }),
  ),
  /** Active here and held there, with expiry dates more than a day apart. */
  expiryDiffers: z.array(z.object({ domain: z.string(), ours: z.string(), registrar: z.string() })),
});
export type RegistrarReconciliation = z.infer<typeof registrarReconciliationSchema>;

export const registrarOverviewSchema = z.object({
  provider: z.enum(['local', 'dnsimple']),
  account: z.object({ id: z.string(), email: z.string() }).nullable(),
  reconciliation: registrarReconciliationSchema,
  tlds: z.array(
    z.object({
      tld: z.string(),
      registrationCost: z.number(),
      currency: z.string(),
      customerPrice: z.number(),
      markupPercent: z.number(),
      premium: z.boolean(),
      enabled: z.boolean(),
    }),
  ),
});
export type RegistrarOverview = z.infer<typeof registrarOverviewSchema>;

export const tldSwitchSchema = z.object({ enabled: z.boolean() });
export const tldSwitchResultSchema = z.object({ tld: z.string(), enabled: z.boolean() });
