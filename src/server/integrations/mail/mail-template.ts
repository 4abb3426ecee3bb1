import { siteLocation } from '#shared/site.ts';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../lib/html.ts';

export interface MailContent {
  subject: string;
  /** The greeting line, e.g. "Hi Thandi,". */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing note under the button, e.g. how long the link stays valid. */
  footnote?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Every mail in one layout: a text part and an HTML part, both signed with the site's address. */
export function renderMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  mail: MailContent,
): RenderedMail {
  const { siteName, contactEmail } = config.site;
  const signature = [siteName, siteLocation, contactEmail, config.publicUrl];
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ''] : []),
    ...(mail.footnote ? [mail.footnote, ''] : []),
    '-- ',
    ...signature,
    '',
  ].join('\n');

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1e3a8a">${escapeHtml(siteName)}</p>
${paragraph(mail.greeting)}
${mail.paragraphs.map(paragraph).join('\n')}
${button}
${mail.footnote ? paragraph(mail.footnote) : ''}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0;font-size:12px;line-height:1.6;color:#64748b">${signature.map(escapeHtml).join('<br>')}</p>
</div></body></html>`;
  return { subject: mail.subject, text, html };
}

/** The first of a customer's names, for a mail's greeting. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;
