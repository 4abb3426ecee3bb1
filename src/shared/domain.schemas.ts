import { z } from 'zod';
import { emailSchema, fullNameSchema } from './auth.schemas.ts';
import { provinces } from './business-registration.schemas.ts';

/**
 * Minutes an order awaiting payment keeps its domain name from other customers; after that the
 * name is back on sale (a late payment still gets it if nobody else has).
 */
export const domainHoldMinutes = 30;

/**
 * Days after expiry in which an expired domain can usually still be renewed at the ordinary
 * price: DNSimple's registrar partners offer up to 29 days for most generic endings, without
 * guarantee (support.dnsimple.com, "What happens when a domain expires").
 */
export const renewalGraceDays = 29;

/** Days before a domain expires that its owner is reminded by e-mail. */
export const domainReminderDays = [30, 7, 1] as const;

/**
 * Days before expiry that a domain with auto-renew on gets its renewal order (1 year), e-mailed
 * with a payment link; the registrar renews it only once that order is paid.
 */
export const autoRenewInvoiceDays = 14;

/** Years a domain can be registered for at once. */
export const domainYears = { min: 1, max: 10 } as const;

const yearsSchema = z.coerce
  .number({ error: 'Choose how many years' })
  .int()
  .min(domainYears.min, 'At least 1 year')
  .max(domainYears.max, 'At most 10 years');

export const domainQuoteSchema = z.object({
  domain: z.string().trim().min(1, 'Please enter a domain name').max(300),
  years: yearsSchema,
});
export type DomainQuoteInput = z.input<typeof domainQuoteSchema>;

export const domainQuoteResultSchema = z.object({
  domain: z.string(),
  years: z.number(),
  pricePerYear: z.number(),
  total: z.number(),
  premium: z.boolean(),
});
export type DomainQuote = z.infer<typeof domainQuoteResultSchema>;

/** GET /api/domain/check: availability and the customer's price per year (SPEC §3, §7). */
export const domainCheckResultSchema = z.object({
  available: z.boolean(),
  message: z.string(),
  price: z.number(),
  currency: z.string(),
  /** The registrar's own price, before the markup. */
  originalPrice: z.number(),
  premium: z.boolean(),
  domain: z.string(),
});
export type DomainCheckResult = z.infer<typeof domainCheckResultSchema>;

/** One line of GET /api/domain/prices: rand per year, VAT included. */
export const tldPriceSchema = z.object({
  tld: z.string(),
  registration: z.number(),
  renewal: z.number(),
  transfer: z.number(),
});
export type TldPrice = z.infer<typeof tldPriceSchema>;
export const tldPriceListSchema = z.array(tldPriceSchema);

/** A South African mobile or landline in +27 form, e.g. +27 82 555 0101. */
export const saPhoneSchema = z
  .string({ error: 'Enter a phone number' })
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .transform((value) => (value.startsWith('0') ? `+27${value.slice(1)}` : value))
  .pipe(z.string().regex(/^\+27\d{9}$/, 'Enter a South African number, e.g. +27 82 555 0101'));

export const registrantSchema = z
  .object({
    type: z.enum(['individual', 'company']),
    fullName: fullNameSchema,
    companyName: z.string().trim().max(120).optional(),
    companyRegistrationNumber: z.string().trim().max(20).optional(),
    email: emailSchema,
    phone: saPhoneSchema,
    address1: z.string().trim().min(3, 'Enter the street address').max(120),
    city: z.string().trim().min(2, 'Enter the town or city').max(80),
    province: z.enum(provinces, { error: 'Choose the province' }),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'A postal code has 4 digits'),
  })
  .superRefine((registrant, context) => {
    if (registrant.type !== 'company') return;
    if ((registrant.companyName ?? '').length < 2) {
      context.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: 'Enter the company name',
      });
    }
    if (!/^\d{4}\/\d{6}\/\d{2}$/.test(registrant.companyRegistrationNumber ?? '')) {
      context.addIssue({
        code: 'custom',
        path: ['companyRegistrationNumber'],
        message: 'Enter the CIPC number as on the certificate, e.g. 2021/123456/07',
      });
    }
  });
export type RegistrantInput = z.input<typeof registrantSchema>;

export const domainRegistrationSchema = z.object({
  years: yearsSchema,
  registrant: registrantSchema,
  privacy: z.boolean(),
  autoRenew: z.boolean(),
});
export type DomainRegistrationInput = z.input<typeof domainRegistrationSchema>;
export type DomainRegistration = z.output<typeof domainRegistrationSchema>;
