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

/** The registrars the shop can sell through (the server's port lists the same three). */
export const registrarProviderSchema = z.enum(['local', 'dnsimple', 'zacr']);
export type RegistrarProviderName = z.infer<typeof registrarProviderSchema>;

export const registrarOverviewSchema = z.object({
  /** The default registrar: it sells every ending without a route of its own. */
  provider: registrarProviderSchema,
  account: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Every registrar configured here, the default first, with who we are there. */
  registrars: z.array(
    z.object({
      provider: registrarProviderSchema,
      account: z.object({ id: z.string(), email: z.string() }).nullable(),
    }),
  ),
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
      /** The owners' route (null: the default registrar) and where the ending is sold now. */
      route: registrarProviderSchema.nullable(),
      registrar: registrarProviderSchema,
      /** The registrar's refusal to price the ending, which keeps it off sale. */
      refusal: z.string().nullable(),
      /** When the registrar last priced the ending (null: never asked or never answered). */
      pricesCheckedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type RegistrarOverview = z.infer<typeof registrarOverviewSchema>;

/** An owner's change to an ending: on sale or not, and through which registrar. */
export const tldSwitchSchema = z
  .object({
    enabled: z.boolean().optional(),
    registrar: registrarProviderSchema.nullable().optional(),
  })
  .refine((body) => body.enabled !== undefined || body.registrar !== undefined, {
    message: 'Say whether the ending is sold, or through which registrar',
  });
export const tldSwitchResultSchema = z.object({
  tld: z.string(),
  enabled: z.boolean(),
  route: registrarProviderSchema.nullable(),
  registrar: registrarProviderSchema,
});
