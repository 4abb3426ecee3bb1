import { paths } from '#shared/routes.ts';
import {
  firstName,
  renderMail,
  type MailConfig,
  type RenderedMail,
} from '../../integrations/mail/mail-template.ts';
import { markdownToParagraphs } from './announcement-text.ts';

/**
 * An announcement mailed to one customer: its Markdown as plain paragraphs and a button to the
 * announcements page; news and offers (`unsubscribeUrl`) end with the one-click unsubscribe link.
 */
export function announcementMail(
  config: MailConfig,
  input: { title: string; bodyMarkdown: string; name: string; unsubscribeUrl?: string | undefined },
): RenderedMail {
  return renderMail(config, {
    subject: input.title,
    greeting: `Hi ${firstName(input.name)},`,
    paragraphs: markdownToParagraphs(input.bodyMarkdown),
    action: { label: 'Read it on our site', url: `${config.publicUrl}${paths.helpAnnouncements}` },
    ...(input.unsubscribeUrl
      ? {
          choices: {
            question:
              'You get our news and offers because you have an account with us. Rather not?',
            links: [{ label: 'Unsubscribe', url: input.unsubscribeUrl }],
          },
        }
      : {}),
  });
}
