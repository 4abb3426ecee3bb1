import { z } from 'zod';
import { formatRand, randToCents } from './money.ts';

/**
 * The back office's catalogue editor (issue 19 §4): one schema per payload, read by the form and
 * by the route. Amounts are rand with at most two decimals, VAT included for services; the server
 * stores them as integer cents.
 */

const billing = z.enum(['once', 'monthly', 'yearly']);

/** A rand amount typed into a form: a number with at most two decimals, within bounds. */
const rand = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${what} in rand` })
    .refine(Number.isFinite, `Enter ${what} in rand`)
    .refine((value) => randToCents(value) / 100 === value, {
      message: `Enter ${what} in rand with at most two decimals`,
    })
    .refine((value) => value >= min, `${capitalise(what)} must be at least ${formatRand(min)}`)
    .refine((value) => value <= max, `${capitalise(what)} must be at most ${formatRand(max)}`);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The highest price a package or add-on may have (a mobile platform app is R250 000). */
export const maxCataloguePrice = 1_000_000;

const line = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}` })
    .trim()
    .min(1, `Enter ${what}`)
    .max(max, `Keep ${what} to ${max} characters`);

export const packageEditSchema = z.object({
  price: rand('the price', 1, maxCataloguePrice),
  delivery: line('how the delivery time reads', 80),
  deliveryDays: z.coerce
    .number({ error: 'Enter the delivery time in business days' })
    .int('Enter whole business days')
    .min(0, 'The delivery time cannot be negative')
    .max(365, 'The delivery time must be at most 365 business days'),
  /** Empty or null: none. */
  bestFor: z
    .string()
    .trim()
    .max(120, 'Keep "best for" to 120 characters')
    .nullish()
    .transform((text) => text || null),
  /** A list, or the form's text with one feature a line; blank lines are dropped. */
  features: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split('\n') : value),
      z.array(z.string().trim().max(120, 'Keep each feature to 120 characters'), {
        error: 'List the features',
      }),
    )
    .transform((list) => list.filter(Boolean))
    .pipe(
      z.array(z.string()).min(1, 'List at least one feature').max(12, 'List at most 12 features'),
    ),
  active: z.boolean(),
  /** Whether subscribers may pause a monthly package; left as it is when not sent. */
  pausable: z.boolean().optional(),
});
export type PackageEditInput = z.input<typeof packageEditSchema>;
export type PackageEdit = z.output<typeof packageEditSchema>;

export const addOnEditSchema = z.object({
  price: rand('the price', 1, maxCataloguePrice),
  active: z.boolean(),
});
export type AddOnEditInput = z.input<typeof addOnEditSchema>;

export const serviceEditSchema = z.object({ active: z.boolean() });
export type ServiceEdit = z.infer<typeof serviceEditSchema>;

/**
 * What the registrar charges for a year of an ending, in its currency; the customer's prices
 * follow from these (the markup and VAT rule of src/shared/domain-pricing.ts).
 */
export const tldPriceEditSchema = z.object({
  currency: z.enum(['ZAR', 'USD']),
  registrationCost: rand('the registration cost', 0.01, 100_000),
  renewalCost: rand('the renewal cost', 0.01, 100_000),
  transferCost: rand('the transfer cost', 0.01, 100_000),
  enabled: z.boolean(),
});
export type TldPriceEditInput = z.input<typeof tldPriceEditSchema>;

const tldRow = z.object({
  tld: z.string(),
  currency: z.enum(['ZAR', 'USD']),
  registrationCost: z.number(),
  renewalCost: z.number(),
  transferCost: z.number(),
  /** The customer's prices per year, rand incl. VAT where charged. */
  registration: z.number(),
  renewal: z.number(),
  transfer: z.number(),
  premium: z.boolean(),
  enabled: z.boolean(),
});
export type AdminTldRow = z.infer<typeof tldRow>;

export const adminCatalogueSchema = z.object({
  services: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      path: z.string(),
      active: z.boolean(),
      packages: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          price: z.number(),
          pricing: z.enum(['fixed', 'from']),
          billing,
          delivery: z.string(),
          deliveryDays: z.number(),
          bestFor: z.string().nullable(),
          features: z.array(z.string()),
          active: z.boolean(),
          /** Its subscribers may pause it (a monthly package; decision 029). */
          pausable: z.boolean(),
        }),
      ),
      addOns: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          price: z.number(),
          billing,
          active: z.boolean(),
        }),
      ),
    }),
  ),
  tlds: z.array(tldRow),
  /** Rands per US dollar the USD costs are converted at. */
  usdZarRate: z.number(),
});
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;
export type AdminCataloguePackage = AdminCatalogue['services'][number]['packages'][number];
export type AdminCatalogueAddOn = AdminCatalogue['services'][number]['addOns'][number];

export const catalogueSavedSchema = z.object({ id: z.string(), saved: z.literal(true) });
export const tldSavedSchema = tldRow;
