import { adminRegistrationPath, registrationPath } from '#shared/routes.ts';
import {
  registrationDocumentLabels,
  registrationStageLabels,
  registrationStageNotes,
  type RegistrationStage,
  type TeamDocumentPurpose,
} from '#shared/registrations.schemas.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

interface CaseForMail {
  reference: string;
  title: string;
  name: string;
  email: string;
  approvedName?: string | null;
  proposedNames?: string[];
}

/** Which name CIPC approved, and whether it is a variant of the customer's. */
function approvedNameSentence(row: CaseForMail): string[] {
  if (!row.approvedName) return [];
  return row.proposedNames?.includes(row.approvedName)
    ? [`The approved name: ${row.approvedName}.`]
    : [
        `The approved name: ${row.approvedName}. CIPC approved it as a variant of the names you proposed.`,
      ];
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const follow = (config: MailConfig, reference: string) => ({
  label: 'Follow your registration',
  url: `${config.publicUrl}${registrationPath(reference)}`,
});

const customerMail = (
  config: MailConfig,
  row: CaseForMail,
  subject: string,
  paragraphs: string[],
): RenderedMail =>
  renderMail(config, {
    subject: `[${row.reference}] ${subject}`,
    greeting: `Hi ${firstName(row.name)},`,
    paragraphs,
    action: follow(config, row.reference),
  });

/** To the customer when the paid order opens the case: what to upload first. */
export const registrationOpenedMail = (config: MailConfig, row: CaseForMail) =>
  customerMail(config, row, 'Your company registration has started', [
    `We have opened your company registration ${row.reference} (${row.title}) and will reserve a name with CIPC first.`,
    'Please upload a certified copy of each director’s ID and a proof of address (not older than 3 months) in your account.',
  ]);

/** To the customer when a stage is done; the last one says the case is complete. */
export const registrationStageMail = (
  config: MailConfig,
  row: CaseForMail,
  stage: RegistrationStage,
  next: RegistrationStage | null,
) =>
  customerMail(config, row, `${registrationStageLabels[stage]}: done`, [
    registrationStageNotes[stage],
    ...(stage === 'name_reservation' ? approvedNameSentence(row) : []),
    next
      ? `Next: ${registrationStageLabels[next].toLowerCase()}.`
      : 'Your registration is complete. As our privacy policy says, we have now deleted the ID copies and proof of address you uploaded.',
  ]);

/** To the customer when the team delivers a document CIPC or SARS issued. */
export const registrationDocumentMail = (
  config: MailConfig,
  row: CaseForMail,
  purpose: TeamDocumentPurpose,
  filename: string,
) =>
  customerMail(config, row, `${registrationDocumentLabels[purpose]} ready`, [
    `Your ${registrationDocumentLabels[purpose].toLowerCase()} (${filename}) is ready to download in your account.`,
  ]);

/** To the company: the customer uploaded a document. */
export const registrationToStaffMail = (config: MailConfig, row: CaseForMail, body: string) =>
  renderMail(config, {
    subject: `[${row.reference}] ${row.name} uploaded a document`,
    greeting: 'On a company registration,',
    paragraphs: [`From: ${row.name} <${row.email}>`, body],
    action: {
      label: 'Open the registration',
      url: `${config.publicUrl}${adminRegistrationPath(row.reference)}`,
    },
  });
