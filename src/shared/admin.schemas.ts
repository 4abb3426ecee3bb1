import { z } from 'zod';
import { pageNumberSchema, pageOf } from './paging.ts';
import { emailSchema, newPasswordSchema } from './auth.schemas.ts';
import { projectStages } from './projects.schemas.ts';

/** Payloads of the back office: one schema each, used by the form and the route. */

export const adminLoginSchema = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail address')
    .max(254, 'E-mail address is too long'),
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(200, 'Password must be at most 200 characters'),
  /** The authenticator's 6-digit code or a recovery code, once the password was right. */
  code: z
    .string()
    .trim()
    .max(40, 'That is not a code from your authenticator app or a recovery code')
    .optional()
    .transform((value) => value || undefined),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

export const adminNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

export const adminSetupSchema = z.object({
  token: z.string().trim().min(20, 'The setup link is incomplete').max(200),
  name: adminNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type AdminSetupInput = z.input<typeof adminSetupSchema>;

export const adminRoles = ['owner', 'staff'] as const;
export const adminRoleSchema = z.enum(adminRoles, { error: 'Choose owner or staff' });
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** What an owner may allow a staff member beyond the daily work (owners may do all of it). */
export const adminPermissions = ['view_as_customer'] as const;
export const adminPermissionSchema = z.enum(adminPermissions, { error: 'Not a permission' });
export type AdminPermission = z.infer<typeof adminPermissionSchema>;
export const adminPermissionLabels: Record<AdminPermission, string> = {
  view_as_customer: 'May view the site as a customer',
};

export const adminSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: adminRoleSchema,
  permissions: z.array(adminPermissionSchema),
  twoFactorEnabled: z.boolean(),
  /** The back office asks for a second factor and this administrator has none yet. */
  mustEnrolTwoFactor: z.boolean(),
});
export type Admin = z.infer<typeof adminSchema>;

/** Confirms the authenticator app during set-up: its current code. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** GET /api/admin/two-factor: this administrator's second factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/admin/two-factor/setup: a new secret to add to an authenticator app. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (SVG). */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/admin/two-factor/confirm: the one-time recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const administratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  permissions: z.array(adminPermissionSchema),
  twoFactorEnabled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Administrator = z.infer<typeof administratorSchema>;

export const adminInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

/** GET /api/admin/administrators (owners). */
export const administratorsSchema = z.object({
  administrators: z.array(administratorSchema),
  /** Invitations not yet accepted and not expired. */
  invitations: z.array(adminInvitationSchema),
});
export type Administrators = z.infer<typeof administratorsSchema>;

/** POST /api/admin/administrators/invitations: who to invite, and as what. */
export const adminInviteSchema = z.object({ email: emailSchema, role: adminRoleSchema });
export type AdminInviteInput = z.input<typeof adminInviteSchema>;

/**
 * PATCH /api/admin/administrators/:id: a new role, the permissions granted (all of them, replacing
 * the ones before), or disabling / enabling the account.
 */
export const administratorUpdateSchema = z
  .object({
    role: adminRoleSchema.optional(),
    permissions: z.array(adminPermissionSchema).max(adminPermissions.length).optional(),
    disabled: z.boolean().optional(),
  })
  .refine(
    (update) =>
      update.role !== undefined ||
      update.permissions !== undefined ||
      update.disabled !== undefined,
    { message: 'Say what to change: the role, the permissions or whether the account is disabled' },
  );
export type AdministratorUpdate = z.infer<typeof administratorUpdateSchema>;

const invitationToken = z.string().trim().min(20, 'The invitation link is incomplete').max(200);

/** POST /api/admin/invitations/lookup: whom an invitation link is for. */
export const invitationLookupSchema = z.object({ token: invitationToken });
export const invitationSummarySchema = z.object({ email: z.string(), role: adminRoleSchema });
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** POST /api/admin/invitations/accept: the invited administrator's name and password. */
export const invitationAcceptSchema = z.object({
  token: invitationToken,
  name: adminNameSchema,
  password: newPasswordSchema,
});
export type InvitationAcceptInput = z.input<typeof invitationAcceptSchema>;

export const adminAuthStatusSchema = z.object({
  authenticated: z.boolean(),
  admin: adminSchema.nullable(),
});
export type AdminAuthStatus = z.infer<typeof adminAuthStatusSchema>;

export const adminLoginResultSchema = z.object({ success: z.literal(true), admin: adminSchema });
/** POST /api/admin/login with a wrong e-mail address or password (401). */
export const adminLoginRefusedSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
});
export const adminLogoutResultSchema = z.object({ success: z.literal(true) });

const optionalFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => value || undefined);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-22')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const auditLogQuerySchema = z.object({
  page: pageNumberSchema,
  action: optionalFilter,
  actor: optionalFilter,
  from: isoDay,
  to: isoDay,
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  details: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const pageQuerySchema = z.object({ page: pageNumberSchema });

export const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxPageSchema = pageOf(outboxItemSchema);
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxMessageSchema = outboxItemSchema.extend({
  text: z.string(),
  html: z.string(),
  /**
   * Whether the mail's link carries a token: `none`; `minted-on-delivery` (the copy kept here has
   * the token taken out); `open-here` (the same, and this reader may open it with a working link:
   * an owner, in development, without SMTP).
   */
  tokenLink: z.enum(['none', 'minted-on-delivery', 'open-here']),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const adminDashboardSchema = z.object({
  /** null: that part of the business is not recorded in this database yet. */
  ordersToday: z.number().nullable(),
  revenueThisMonthExVatCents: z.number().nullable(),
  /** The same for last month, for the trend beside it. */
  revenueLastMonthExVatCents: z.number(),
  openTickets: z.number().nullable(),
  /** Website projects per stage (brief … live). */
  projectsByStage: z.record(z.enum(projectStages), z.number()),
  domainsAwaitingRegistration: z.number().nullable(),
  /** Payments for orders that were already paid, not yet given back in full. */
  overpaymentsToRefund: z.number(),
  customers: z.number(),
  newestSignups: z.array(
    z.object({ id: z.string(), fullName: z.string(), email: z.string(), createdAt: z.string() }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const databaseTablesSchema = z.object({
  engine: z.string(),
  /** The server's own words, e.g. "PostgreSQL 17.5 on x86_64-pc-linux-gnu, …". */
  version: z.string(),
  tables: z.array(z.object({ name: z.string(), rows: z.number(), bytes: z.number() })),
  /** Applied migrations, newest first, named as in src/db/migrations, with when each was written. */
  migrations: z.array(z.object({ name: z.string(), writtenAt: z.string() })),
});
export type DatabaseTables = z.infer<typeof databaseTablesSchema>;

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month such as 2026-11')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** ?from=YYYY-MM&to=YYYY-MM of the profit figures: both months included; by default the last 13. */
export const profitQuerySchema = z
  .object({ from: month, to: month })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The period must start on or before its last month',
    path: ['to'],
  });
export type ProfitQuery = z.input<typeof profitQuerySchema>;

/**
 * One month of GET /api/admin/profit-analytics, in rand, on one basis: revenue and costs excluding
 * VAT. Card fees come from PayFast including VAT; a VAT vendor claims that VAT back, so only the
 * fee excluding VAT is a cost (without a VAT number the whole fee is).
 */
export const profitMonthSchema = z.object({
  month: z.string(),
  orders: z.number(),
  /** Sales incl. VAT less the month's refunds of sales. */
  revenue: z.number(),
  vat: z.number(),
  revenueExVat: z.number(),
  /** Money refunded on sales in the month (incl. VAT), already taken off revenue and VAT. */
  refunds: z.number(),
  /** Second payments for orders already paid, received in the month: owed back, never revenue. */
  overpayments: z.number(),
  /** PayFast's fees as charged (incl. VAT). */
  paymentFees: z.number(),
  paymentFeesExVat: z.number(),
  paymentFeeVat: z.number(),
  registrarCosts: z.number(),
  grossProfit: z.number(),
});
export type ProfitMonth = z.infer<typeof profitMonthSchema>;

/** GET /api/admin/profit-analytics/services: sales excl. VAT by kind of line over the period. */
export const profitServiceSchema = z.object({
  kind: z.string(),
  label: z.string(),
  lines: z.number(),
  revenueExVat: z.number(),
});
export type ProfitService = z.infer<typeof profitServiceSchema>;

/** `:id` of an administrator or an invitation. */
export const adminIdParams = z.object({ id: z.uuid('Not an administrator or invitation id') });
/** What an owner's change to another administrator answers: the account as it now is. */
export const administratorResultSchema = administratorSchema;
export const doneSchema = z.object({ success: z.literal(true) });
