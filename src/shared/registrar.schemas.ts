import { z } from 'zod';

export const registrarOverviewSchema = z.object({
  provider: z.enum(['local', 'dnsimple']),
  account: z.object({ id: z.string(), email: z.string() }).nullable(),
  domainsAtRegistrar: z.array(z.string()),
  /** Active in our records but missing at the registrar, or held there without an order here. */
  missingAtRegistrar: z.array(z.string()),
  unknownHere: z.array(z.string()),
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
