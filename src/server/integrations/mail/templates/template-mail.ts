import {
  namesInWords,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '#shared/placeholders.ts';
import { fillPlaceholders } from '#shared/placeholders.ts';
import {
  commonValues,
  renderMail,
  type MailConfig,
  type MailContent,
  type RenderedMail,
} from '../mail-template.ts';
import {
  mailTemplates,
  variablesOf,
  type MailTemplateKey,
  type MailTemplateValues,
} from './registry.ts';

/** What the code sending a mail adds to its words: the button's link, a one-click question. */
export interface TemplateExtras {
  actionUrl?: string;
  /** A label of the button other than the shipped one, for a variant of the mail. */
  actionLabel?: string;
  choices?: MailContent['choices'];
}

export interface TemplateText {
  subject: string;
  body: string;
}

/**
 * A template's text filled with `values`: the subject on one line, the body's first block the
 * greeting and each further block a paragraph.
 */
export function fillTemplateText(
  text: TemplateText,
  values: Record<string, string>,
): Pick<MailContent, 'subject' | 'greeting' | 'paragraphs'> {
  const subject = fillPlaceholders(text.subject, values)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  const [greeting = '', ...paragraphs] = fillPlaceholders(text.body.replace(/\r\n?/g, '\n'), values)
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return { subject, greeting, paragraphs };
}

/**
 * Why the owner's `text` cannot be saved for `key`, or null: a placeholder the mail does not
 * have, or a required one left out (templates/registry.ts).
 */
export function templateTextProblem(key: MailTemplateKey, text: TemplateText): string | null {
  const allowed = Object.keys(variablesOf(key));
  const unknown = unknownPlaceholders(`${text.subject}\n${text.body}`, allowed);
  if (unknown.length > 0) return unknownPlaceholderMessage(unknown, allowed);
  const missing = mailTemplates[key].required.filter(
    (rule) => !(rule.in === 'subject' ? text.subject : text.body).includes(`{${rule.placeholder}}`),
  );
  if (missing.length === 0) return null;
  const where = (rule: (typeof missing)[number]) => `{${rule.placeholder}} in the ${rule.in}`;
  return `Keep ${namesInWords(missing.map(where), 'and')}: ${missing.map((rule) => rule.why).join(' ')}`;
}

/**
 * A mail of the registry in its shipped words, marked with its template so that queueMail puts
 * the owner's words and layout in when they changed them (mail-settings.ts).
 */
export function templateMail<Key extends MailTemplateKey>(
  config: MailConfig,
  key: Key,
  values: MailTemplateValues<Key>,
  extras: TemplateExtras = {},
): RenderedMail {
  return renderMail(config, templateContent(config, key, values, mailTemplates[key], extras));
}

/** The content of `key`'s mail in `text` (the shipped words, or the owner's). */
export function templateContent(
  config: MailConfig,
  key: MailTemplateKey,
  values: Record<string, string>,
  text: TemplateText,
  extras: TemplateExtras = {},
): MailContent {
  const definition = mailTemplates[key];
  const all = { ...values, ...commonValues(config) };
  return {
    ...fillTemplateText(text, all),
    ...(definition.action && extras.actionUrl
      ? {
          action: {
            label: fillPlaceholders(extras.actionLabel ?? definition.action, all),
            url: extras.actionUrl,
          },
        }
      : {}),
    ...(extras.choices ? { choices: extras.choices } : {}),
    ...(definition.footnote ? { footnote: fillPlaceholders(definition.footnote, all) } : {}),
    template: { key, values },
  };
}
