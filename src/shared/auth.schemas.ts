import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';

/** Payloads of the customer-account calls: one schema each, used by the form and the route. */

export const nameTooShortMessage = 'Name must be at least 2 characters';

export const fullNameSchema = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(2, nameTooShortMessage)
  .max(100, 'Name must be at most 100 characters');

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address')
  .max(254, 'E-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));

export const newPasswordSchema = z
  .string({ error: 'Enter a password' })
  .min(10, 'Password must be at least 10 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine((password) => !isCommonPassword(password), {
    message: 'This password is too common. Choose one that is harder to guess.',
  });

const currentPasswordSchema = z
  .string({ error: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(200, 'Password must be at most 200 characters');

export const registerSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail address')
    .max(254, 'E-mail address is too long'),
  password: currentPasswordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

const tokenSchema = z
  .string({ error: 'The link is missing its token' })
  .trim()
  .min(20, 'The link is incomplete: open it again from the e-mail')
  .max(200, 'The link is not valid');

export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: tokenSchema });

/** An optional South African or international phone number; blank becomes null. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Phone number must be at most 30 characters')
  .regex(/^[+\d\s()-]*$/, 'Enter a phone number using digits, spaces, +, ( ) and -')
  .transform((value) => value || null)
  .nullable()
  .optional();

export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value || null)
    .nullable()
    .optional();

export const profileUpdateSchema = z.object({
  fullName: fullNameSchema,
  phone: phoneSchema,
  company: optionalText(120, 'Company'),
  address: optionalText(300, 'Address'),
  vatNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || /^4\d{9}$/.test(value), {
      message: 'A South African VAT number has 10 digits and starts with 4',
    })
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The user as every account call returns it (SPEC §3: email, fullName, …). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  emailVerified: z.boolean(),
  /** Has signed in with the password before: the dashboard says "Welcome back". */
  returning: z.boolean(),
  createdAt: z.string(),
  /**
   * Only while a team member views the customer area as this customer (read-only): who it is.
   * The area shows a banner with the way back to the back office instead of signing out.
   */
  viewedBy: z.object({ name: z.string() }).optional(),
});
export type User = z.infer<typeof userSchema>;

export const profileSchema = userSchema.extend({
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  vatNumber: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const messageSchema = z.object({ message: z.string() });

/** GET /api/cookie-refresh and /api/admin/cookie-refresh while the session lives (SPEC §7) … */
export const cookieRefreshSchema = z.object({ authenticated: z.literal(true) });
/** … and their 401 once it has ended. */
export const cookieRefreshRefusedSchema = z.object({
  authenticated: z.literal(false),
  error: z.string(),
  code: z.string(),
});

/** GET /api/session-diagnostics: the debug pages' view of the caller's own session, nothing secret. */
export const sessionDiagnosticsSchema = z.object({
  sessionCookiePresent: z.boolean(),
  sessionActive: z.boolean(),
  adminCookiePresent: z.boolean(),
  secureConnection: z.boolean(),
  clientType: z.string(),
});
