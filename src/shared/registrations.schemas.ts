import { z } from 'zod';
import { registrationNumberPattern } from './compliance.schemas.ts';
import { uploadSchema } from './uploads.schemas.ts';

/**
 * A company registration case (issue 34 §1): what a paid business-registration order line opens,
 * followed by the customer at /user/registrations/:reference and worked by the team from the
 * board at /admin/registrations. Stages are done in this order; a case has only those it was sold.
 */
export const registrationStages = [
  'name_reservation',
  'lodged',
  'certificate',
  'beneficial_ownership',
  'income_tax',
  'vat',
  'paye',
] as const;
export type RegistrationStage = (typeof registrationStages)[number];

export const registrationStageLabels: Record<RegistrationStage, string> = {
  name_reservation: 'Name reservation',
  lodged: 'Registration lodged',
  certificate: 'Registration certificate',
  beneficial_ownership: 'Beneficial-ownership filing',
  income_tax: 'SARS income tax number',
  vat: 'VAT registration',
  paye: 'PAYE, UIF and SDL registration',
};

/** What the customer is told when a stage is done (in the stage mail and on the case page). */
export const registrationStageNotes: Record<RegistrationStage, string> = {
  name_reservation: 'CIPC has approved a name for your company.',
  lodged: 'We have lodged the registration with CIPC.',
  certificate: 'CIPC has registered your company. The registration certificate is in your account.',
  beneficial_ownership: 'We have filed the beneficial-ownership register with CIPC.',
  income_tax: 'SARS has issued your company’s income tax number.',
  vat: 'SARS has registered your company as a VAT vendor.',
  paye: 'SARS has registered your company as an employer (PAYE, UIF and SDL).',
};

/** The team's checklist per stage: every item is ticked before the stage can be marked done. */
export const registrationChecklists: Record<RegistrationStage, readonly string[]> = {
  name_reservation: [
    'Names checked against CIPC’s name rules',
    'Reservation filed with CIPC',
    'Approved name recorded',
  ],
  lodged: [
    'Certified ID copies of every director received',
    'Proof of address received',
    'CoR14.1 and MOI lodged with CIPC',
  ],
  certificate: ['CoR14.3 certificate uploaded for the customer'],
  beneficial_ownership: [
    'Shareholders and beneficial owners confirmed',
    'BO register filed with CIPC',
  ],
  income_tax: ['Income tax number confirmed with SARS', 'Notice of registration uploaded'],
  vat: ['VAT101 application submitted', 'VAT registration notice uploaded'],
  paye: ['EMP101e submitted', 'Employer registration notice uploaded'],
};

/** What the customer uploads, and what the team delivers. */
export const customerDocumentPurposes = ['id_copy', 'proof_of_address'] as const;
export const teamDocumentPurposes = ['certificate', 'cipc_document', 'sars_document'] as const;
export type CustomerDocumentPurpose = (typeof customerDocumentPurposes)[number];
export type TeamDocumentPurpose = (typeof teamDocumentPurposes)[number];
export const registrationDocumentLabels: Record<
  CustomerDocumentPurpose | TeamDocumentPurpose,
  string
> = {
  id_copy: 'Certified ID copy',
  proof_of_address: 'Proof of address',
  certificate: 'Registration certificate',
  cipc_document: 'CIPC document',
  sars_document: 'SARS document',
};

/** The stage a business-registration line's package and add-ons were sold with. */
export function stagesSold(packageId: string | null, addOnIds: readonly string[]) {
  if (packageId === 'registration-name-reservation') return ['name_reservation'] as const;
  const complete = packageId === 'registration-complete-startup';
  return registrationStages.filter(
    (stage) =>
      (stage !== 'vat' || complete || addOnIds.includes('registration-vat')) &&
      (stage !== 'paye' || complete || addOnIds.includes('registration-paye-uif')),
  );
}

const stageSchema = z.enum(registrationStages);

const stageDoneSchema = z.object({
  at: z.string(),
  /** Who marked it done: a team member's name. */
  by: z.string(),
  /** The certificate stage: the company's registration number on CIPC's certificate. */
  registrationNumber: z.string().optional(),
});

export const registrationSummarySchema = z.object({
  reference: z.string(),
  title: z.string(),
  companyName: z.string(),
  stage: stageSchema.nullable(),
  stages: z.array(stageSchema),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>;

export const registrationCaseSchema = registrationSummarySchema.extend({
  proposedNames: z.array(z.string()),
  approvedName: z.string().nullable(),
  done: z.partialRecord(stageSchema, stageDoneSchema),
  files: z.array(uploadSchema),
});
export type RegistrationCase = z.infer<typeof registrationCaseSchema>;

export const adminRegistrationSummarySchema = registrationSummarySchema.extend({
  name: z.string(),
  email: z.string(),
});
export type AdminRegistrationSummary = z.infer<typeof adminRegistrationSummarySchema>;

export const adminRegistrationCaseSchema = registrationCaseSchema.extend({
  name: z.string(),
  email: z.string(),
  orderReference: z.string().nullable(),
  checklist: z.partialRecord(stageSchema, z.array(z.string())),
});
export type AdminRegistrationCase = z.infer<typeof adminRegistrationCaseSchema>;

/** The team ticks checklist items of the current stage. */
export const registrationChecklistSchema = z.object({
  stage: stageSchema,
  items: z.array(z.string().max(200)).max(10),
});

/**
 * The team marks a stage done. Naming the stage makes a repeated request harmless: a stage
 * already done is answered as it is. Name reservation records the name CIPC approved.
 */
export const registrationStageDoneSchema = z.object({
  stage: stageSchema,
  approvedName: z.string().trim().min(2).max(100).optional(),
  /**
   * The approved name is not one the customer proposed: CIPC approved a variant of it (a word
   * changed or left out). Said on purpose, so a typo is not taken for a variant.
   */
  approvedVariant: z.boolean().optional(),
  /** With the certificate stage: the number CIPC gave the company (YYYY/NNNNNN/NN). */
  registrationNumber: z
    .string()
    .trim()
    .regex(registrationNumberPattern, 'Enter the number as CIPC shows it: YYYY/NNNNNN/NN')
    .optional(),
});

export const customerDocumentQuerySchema = z.object({
  filename: z.string().trim().min(1, 'Name the file').max(200),
  purpose: z.enum(customerDocumentPurposes),
});
export const teamDocumentQuerySchema = z.object({
  filename: z.string().trim().min(1, 'Name the file').max(200),
  purpose: z.enum(teamDocumentPurposes),
});
