/**
 * The owner's e-mail templates and layout (issue 32 §4): their words for the mails of the
 * registry (integrations/mail/templates/registry.ts) and the look of every mail, checked when
 * saved, previewed with sample values, sent to themselves as a test, and reset to the shipped
 * text. queueMail reads both as each mail is queued (mail-settings.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { mailLayout, mailTemplates as mailTemplateRows } from '#db/schema/index.ts';
import type {
  MailLayout,
  MailLayoutValues,
  MailPreview,
  MailTemplateDetail,
  MailTemplateSummary,
  MailTemplateText,
} from '#shared/mail-templates.schemas.ts';
import { unknownPlaceholderMessage, unknownPlaceholders } from '#shared/placeholders.ts';
import { ownersLook } from '../../integrations/mail/mail-settings.ts';
import {
  renderMail,
  shippedLook,
  type MailConfig,
  type MailLook,
} from '../../integrations/mail/mail-template.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  commonVariables,
  isMailTemplateKey,
  mailTemplateKeys,
  mailTemplates,
  variablesOf,
  type MailTemplateKey,
} from '../../integrations/mail/templates/registry.ts';
import {
  templateContent,
  templateTextProblem,
} from '../../integrations/mail/templates/template-mail.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

interface Editor {
  admin: { id: string; email: string };
  ip: string;
}

type Row = typeof mailTemplateRows.$inferSelect;

function knownKey(key: string): MailTemplateKey {
  if (!isMailTemplateKey(key)) {
    throw new AppError('NOT_FOUND', { message: 'There is no such mail template' });
  }
  return key;
}

function checkedText(key: MailTemplateKey, text: MailTemplateText): MailTemplateText {
  const problem = templateTextProblem(key, text);
  if (problem) throw new AppError('VALIDATION_ERROR', { message: problem });
  return text;
}

const shippedText = (key: MailTemplateKey): MailTemplateText => ({
  subject: mailTemplates[key].subject,
  body: mailTemplates[key].body,
});

function summary(key: MailTemplateKey, row: Row | undefined): MailTemplateSummary {
  const definition = mailTemplates[key];
  return {
    key,
    name: definition.name,
    audience: definition.audience,
    sentWhen: definition.sentWhen,
    edited: row !== undefined,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listMailTemplates(db: Db): Promise<MailTemplateSummary[]> {
  const rows = new Map((await db.select().from(mailTemplateRows)).map((row) => [row.key, row]));
  return mailTemplateKeys.map((key) => summary(key, rows.get(key)));
}

export async function mailTemplateDetail(db: Db, rawKey: string): Promise<MailTemplateDetail> {
  const key = knownKey(rawKey);
  const [row] = await db.select().from(mailTemplateRows).where(eq(mailTemplateRows.key, key));
  const definition = mailTemplates[key];
  return {
    ...summary(key, row),
    variables: Object.entries(variablesOf(key)).map(([name, variable]) => ({
      name,
      ...variable,
    })),
    required: definition.required,
    action: definition.action ?? null,
    footnote: definition.footnote ?? null,
    shipped: shippedText(key),
    current: row ? { subject: row.subject, body: row.body } : shippedText(key),
  };
}

export async function saveMailTemplate(
  db: Db,
  input: Editor & { key: string; text: MailTemplateText },
): Promise<MailTemplateDetail> {
  const key = knownKey(input.key);
  const text = checkedText(key, input.text);
  await db.transaction(async (tx) => {
    await tx
      .insert(mailTemplateRows)
      .values({ key, ...text, updatedByAdminId: input.admin.id })
      .onConflictDoUpdate({
        target: mailTemplateRows.key,
        set: { ...text, updatedByAdminId: input.admin.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'mail_template.saved',
      entityType: 'mail_template',
      entityId: key,
      details: { subject: text.subject },
      ip: input.ip,
    });
  });
  return mailTemplateDetail(db, key);
}

/** Back to the shipped words: the owner's row goes. */
export async function resetMailTemplate(
  db: Db,
  input: Editor & { key: string },
): Promise<MailTemplateDetail> {
  const key = knownKey(input.key);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(mailTemplateRows)
      .where(eq(mailTemplateRows.key, key))
      .returning({ key: mailTemplateRows.key });
    if (gone.length > 0) {
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'mail_template.reset',
        entityType: 'mail_template',
        entityId: key,
        ip: input.ip,
      });
    }
  });
  return mailTemplateDetail(db, key);
}

/** The sample mail of `key` in `text` and `look`, as a customer would receive it. */
function sampleMail(
  config: MailConfig,
  key: MailTemplateKey,
  text: MailTemplateText,
  look: MailLook,
) {
  const values = Object.fromEntries(
    Object.entries(mailTemplates[key].variables).map(([name, variable]) => [name, variable.sample]),
  );
  const content = templateContent(config, key, values, text, {
    actionUrl: `${config.publicUrl}/dashboard`,
  });
  const { subject, html, text: plain } = renderMail(config, content, look);
  return { subject, html, text: plain };
}

export async function previewMailTemplate(
  db: Db,
  config: MailConfig,
  input: { key: string; text: MailTemplateText },
): Promise<MailPreview> {
  const key = knownKey(input.key);
  return sampleMail(
    config,
    key,
    checkedText(key, input.text),
    (await ownersLook(db)) ?? shippedLook,
  );
}

/**
 * The mail in the editor's words, with sample values, to the owner's own address. It is queued
 * as rendered here: the saved words (which queueMail would put in) are not what is being tried.
 */
export async function sendTestMail(
  db: Db,
  config: MailConfig,
  input: Editor & { key: string; text: MailTemplateText },
): Promise<{ sentTo: string }> {
  const key = knownKey(input.key);
  const mail = sampleMail(
    config,
    key,
    checkedText(key, input.text),
    (await ownersLook(db)) ?? shippedLook,
  );
  await queueMail(db, { ...mail, subject: `[Test] ${mail.subject}`, to: input.admin.email });
  return { sentTo: input.admin.email };
}

const layoutPlaceholders = Object.keys(commonVariables);

const toLayout = (look: MailLook, edited: boolean): MailLayout => ({
  ...look,
  edited,
  placeholders: layoutPlaceholders,
});

export async function currentMailLayout(db: Db): Promise<MailLayout> {
  const look = await ownersLook(db);
  return toLayout(look ?? shippedLook, look !== null);
}

function checkedLayout(values: MailLayoutValues): MailLayoutValues {
  const unknown = unknownPlaceholders(values.footer, layoutPlaceholders);
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_ERROR', {
      message: unknownPlaceholderMessage(unknown, layoutPlaceholders),
    });
  }
  return values;
}

export async function saveMailLayout(
  db: Db,
  input: Editor & { values: MailLayoutValues },
): Promise<MailLayout> {
  const values = checkedLayout(input.values);
  await db.transaction(async (tx) => {
    await tx
      .insert(mailLayout)
      .values({ id: 'layout', ...values, updatedByAdminId: input.admin.id })
      .onConflictDoUpdate({
        target: mailLayout.id,
        set: { ...values, updatedByAdminId: input.admin.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'mail_layout.saved',
      entityType: 'mail_layout',
      entityId: 'layout',
      details: { ...values },
      ip: input.ip,
    });
  });
  return toLayout(values, true);
}

export async function resetMailLayout(db: Db, input: Editor): Promise<MailLayout> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(mailLayout).returning({ id: mailLayout.id });
    if (gone.length > 0) {
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'mail_layout.reset',
        entityType: 'mail_layout',
        entityId: 'layout',
        ip: input.ip,
      });
    }
  });
  return toLayout(shippedLook, false);
}

/** A sample mail (the reply to a ticket) in the layout being edited. */
export function previewMailLayout(config: MailConfig, values: MailLayoutValues): MailPreview {
  const look = checkedLayout(values);
  return sampleMail(config, 'ticket-staff-reply', shippedText('ticket-staff-reply'), look);
}
