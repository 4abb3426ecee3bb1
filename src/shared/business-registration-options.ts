/** The choices of the CIPC + SARS order form, without zod: the public form shows them before
 * its schema loads. */

export const registrationPackageIds = [
  'registration-name-reservation',
  'registration-basic-company',
  'registration-complete-startup',
] as const;

export const provinces = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const taxRegistrations = {
  income_tax: 'Company income tax',
  vat: 'VAT',
  paye_uif: 'PAYE, UIF and SDL (employer)',
} as const;
