import { z } from 'zod';
import { emailSchema } from './auth.schemas.ts';

/** The registrar lock (EPP clientTransferProhibited): PUT /api/user/domains/:domain/lock. */
export const domainLockSchema = z.object({ locked: z.boolean({ error: 'Say whether to lock' }) });
export type DomainLock = z.infer<typeof domainLockSchema>;

/**
 * POST /api/user/domains/:domain/transfer-code: the code itself, shown once, or where the
 * registrar mailed it (null when it did not say to whom).
 */
export const transferCodeResultSchema = z.union([
  z.object({ code: z.string() }),
  z.object({ emailedTo: z.string().nullable() }),
]);
export type TransferCodeResult = z.infer<typeof transferCodeResultSchema>;

/**
 * A phone number in the EPP form registries keep (RFC 5733): +, the country code, a dot, the
 * number. South African numbers may be typed as people write them (082 555 0101, +27 82 555 0101).
 */
export const eppPhoneSchema = z
  .string({ error: 'Enter a phone number' })
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .transform((value) => {
    if (/^0\d{9}$/.test(value)) return `+27.${value.slice(1)}`;
    if (/^\+27\d{9}$/.test(value)) return `+27.${value.slice(3)}`;
    return value;
  })
  .pipe(
    z
      .string()
      .regex(
        /^\+\d{1,3}\.\d{4,14}$/,
        'Enter the number as +27.825550101 (country code, a dot, then the number)',
      ),
  );

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Two letters that name a country (ISO 3166-1 alpha-2): Intl knows each by name. */
const isCountry = (code: string) => /^[A-Z]{2}$/.test(code) && countryNames.of(code) !== code;

const line = (empty: string, max: number) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, `At most ${max} characters`);

/**
 * The registrant contact as registries take it (EPP contact fields; DNSimple requires every one
 * but the organisation): PUT /api/user/domains/:domain/registrant, and the registrant form.
 */
export const registrantContactSchema = z
  .object({
    firstName: line('Enter the first name', 60),
    lastName: line('Enter the last name', 60),
    organisation: z
      .string()
      .trim()
      .max(120, 'At most 120 characters')
      .transform((value) => value || undefined)
      .optional(),
    email: emailSchema,
    phone: eppPhoneSchema,
    address1: z
      .string({ error: 'Enter the street address' })
      .trim()
      .min(3, 'Enter the street address')
      .max(120, 'At most 120 characters'),
    city: line('Enter the town or city', 80),
    stateProvince: line('Enter the province or state', 80),
    postalCode: z
      .string({ error: 'Enter the postal code' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9 -]{1,9}$/, 'Enter the postal code'),
    country: z
      .string({ error: 'Choose the country' })
      .trim()
      .toUpperCase()
      .refine(isCountry, 'Use the two-letter country code, e.g. ZA'),
  })
  .superRefine((contact, context) => {
    if (contact.country === 'ZA' && !/^\d{4}$/.test(contact.postalCode)) {
      context.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: 'A South African postal code has 4 digits',
      });
    }
  });
export type RegistrantContactInput = z.input<typeof registrantContactSchema>;
export type RegistrantContact = z.output<typeof registrantContactSchema>;

/** The registrant as the registry holds it now (GET …/registrant). */
export const registrantContactViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  organisation: z.string().optional(),
  email: z.string(),
  phone: z.string(),
  address1: z.string(),
  city: z.string(),
  stateProvince: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** PUT …/registrant: done at once, or pending while the registry (or the old registrant) confirms. */
export const registrantChangeResultSchema = z.object({
  state: z.enum(['done', 'pending']),
  reason: z.string().optional(),
});
export type RegistrantChangeResult = z.infer<typeof registrantChangeResultSchema>;
