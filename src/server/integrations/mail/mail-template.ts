import { siteLocation } from '#shared/site.ts';
import { fillPlaceholders } from '#shared/placeholders.ts';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailTemplateKey } from './templates/registry.ts';

export type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

export interface MailContent {
  subject: string;
  /** The greeting line, e.g. "Hi Thandi,". */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A one-click question under the text, e.g. a rating: each answer a link. */
  choices?: { question: string; links: { label: string; url: string }[] };
  /** A closing note under the button, e.g. how long the link stays valid. */
  footnote?: string;
  /** The owner's wording replaces this text when they edited the template (templates/). */
  template?: { key: MailTemplateKey; values: Record<string, string> };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** What it was rendered from, so queueMail can render it again in the owner's layout and words. */
  source?: { config: MailConfig; content: MailContent };
}

/** The look every mail shares: the owner may change it in the back office (mail_layout). */
export interface MailLook {
  /** An https address of the logo shown above the text; none shows the company name. */
  logoUrl: string | null;
  /** The colour of the company name and headings (#rrggbb). */
  brandColour: string;
  /** The colour of the buttons (#rrggbb), with white text on it. */
  accentColour: string;
  /** The footer, one line per line: the legal details; `{company_name}` etc. are filled. */
  footer: string;
}

export const shippedLook: MailLook = {
  logoUrl: null,
  brandColour: '#1e3a8a',
  accentColour: '#1d4ed8',
  footer: `{company_name}\n${siteLocation}\n{contact_email}\n{site_url}`,
};

/** The values of the variables every mail may use (templates/registry.ts commonVariables). */
export const commonValues = (config: MailConfig): Record<string, string> => ({
  company_name: config.site.siteName,
  contact_email: config.site.contactEmail,
  site_url: config.publicUrl,
});

/**
 * Every mail in one layout (`look`): a text part and an HTML part, both signed with the footer's
 * legal details. Line breaks inside a paragraph (an order's lines, a customer's message) are kept.
 */
export function renderMail(
  config: MailConfig,
  mail: MailContent,
  look: MailLook = shippedLook,
): RenderedMail {
  const { siteName } = config.site;
  const signature = fillPlaceholders(look.footer, commonValues(config))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ''] : []),
    ...(mail.choices
      ? [mail.choices.question, ...mail.choices.links.map((l) => `${l.label}: ${l.url}`), '']
      : []),
    ...(mail.footnote ? [mail.footnote, ''] : []),
    '-- ',
    ...signature,
    '',
  ].join('\n');

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:${look.accentColour};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const choices = mail.choices
    ? `<p style="margin:24px 0 8px;line-height:1.5">${escapeHtml(mail.choices.question)}</p>
<p style="margin:0 0 16px">${mail.choices.links
        .map(
          (link) =>
            `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;border:1px solid ${look.accentColour};border-radius:6px;color:${look.accentColour};text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a>`,
        )
        .join('')}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${
  look.logoUrl
    ? `<p style="margin:0 0 24px"><img src="${escapeHtml(look.logoUrl)}" alt="${escapeHtml(siteName)}" style="max-height:48px;max-width:240px"></p>`
    : `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${look.brandColour}">${escapeHtml(siteName)}</p>`
}
${paragraph(mail.greeting)}
${mail.paragraphs.map(paragraph).join('\n')}
${button}
${choices}
${mail.footnote ? paragraph(mail.footnote) : ''}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0;font-size:12px;line-height:1.6;color:#64748b">${signature.map(escapeHtml).join('<br>')}</p>
</div></body></html>`;
  return { subject: mail.subject, text, html, source: { config, content: mail } };
}

/** The first of a customer's names, for a mail's greeting. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;
