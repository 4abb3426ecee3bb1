import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { mailLayout, mailTemplates } from '#db/schema/index.ts';
import { commonValues, renderMail, type MailLook, type RenderedMail } from './mail-template.ts';
import { fillTemplateText } from './templates/template-mail.ts';

/** The owner's layout, or null when they kept the shipped one. */
export async function ownersLook(db: Db | Tx): Promise<MailLook | null> {
  const [row] = await db.select().from(mailLayout).where(eq(mailLayout.id, 'layout'));
  return row
    ? {
        logoUrl: row.logoUrl,
        brandColour: row.brandColour,
        accentColour: row.accentColour,
        footer: row.footer,
      }
    : null;
}

/**
 * The mail as the owner set it up: their words for its template (when they edited it) in their
 * layout (when they changed it). Read as the mail is queued, so an edit reaches the next mail.
 */
export async function inOwnersWords(db: Db | Tx, mail: RenderedMail): Promise<RenderedMail> {
  if (!mail.source) return mail;
  const { config, content } = mail.source;
  const look = await ownersLook(db);
  const [override] = content.template
    ? await db.select().from(mailTemplates).where(eq(mailTemplates.key, content.template.key))
    : [];
  if (!look && !override) return mail;
  const words =
    override && content.template
      ? fillTemplateText(override, { ...content.template.values, ...commonValues(config) })
      : {};
  return renderMail(config, { ...content, ...words }, look ?? undefined);
}
