import { z } from 'zod';
import { emailSchema, fullNameSchema, phoneSchema } from './auth.schemas.ts';
import { parseSaId } from './sa-id.ts';
import {
  months,
  provinces,
  registrationPackageIds,
  taxRegistrations,
} from './business-registration-options.ts';

export { months, provinces, registrationPackageIds, taxRegistrations };

/** The CIPC + SARS order form of /services/business-registration. */

const companyName = z
  .string()
  .trim()
  .max(100, 'Keep a name under 100 characters')
  .refine((name) => name === '' || name.length >= 2, 'A name needs at least 2 characters');

const directorSchema = z
  .object({
    fullName: fullNameSchema,
    idType: z.enum(['sa_id', 'passport']),
    idNumber: z.string().trim().max(20).optional(),
    passportNumber: z.string().trim().max(20).optional(),
    passportCountry: z.string().trim().max(60).optional(),
  })
  .superRefine((director, context) => {
    if (director.idType === 'sa_id') {
      const result = parseSaId(director.idNumber ?? '');
      if (!result.valid)
        context.addIssue({ code: 'custom', path: ['idNumber'], message: result.reason });
      return;
    }
    if (!/^[A-Za-z0-9]{6,12}$/.test(director.passportNumber ?? '')) {
      context.addIssue({
        code: 'custom',
        path: ['passportNumber'],
        message: 'Enter the passport number: 6 to 12 letters and digits',
      });
    }
    if ((director.passportCountry ?? '').length < 2) {
      context.addIssue({
        code: 'custom',
        path: ['passportCountry'],
        message: 'Enter the country that issued the passport',
      });
    }
  });

export const businessRegistrationSchema = z.object({
  packageId: z.enum(registrationPackageIds, { error: 'Choose a package' }),
  /** Up to four proposed names, in order of preference; blanks are left out. */
  names: z
    .array(companyName)
    .max(4)
    .transform((names) => names.filter(Boolean))
    .refine((names) => names.length >= 1, 'Propose at least one company name'),
  companyType: z.literal('private_company'),
  directors: z.array(directorSchema).min(1, 'A company needs at least one director').max(10),
  address: z.object({
    street: z.string().trim().min(3, 'Enter the street address').max(120),
    suburb: z.string().trim().max(80).optional(),
    city: z.string().trim().min(2, 'Enter the town or city').max(80),
    province: z.enum(provinces, { error: 'Choose the province' }),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'A postal code has 4 digits'),
  }),
  financialYearEnd: z.enum(months, { error: 'Choose the month the financial year ends' }),
  taxRegistrations: z.array(z.enum(['income_tax', 'vat', 'paye_uif'])),
  contactEmail: emailSchema,
  contactPhone: phoneSchema,
});
export type BusinessRegistrationInput = z.input<typeof businessRegistrationSchema>;
export type BusinessRegistration = z.output<typeof businessRegistrationSchema>;
