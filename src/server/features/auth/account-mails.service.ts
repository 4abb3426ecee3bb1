/**
 * The mails of a customer account, sent by sign-up and sign-in (auth) and by the settings
 * (account).
 */
import { paths } from '#shared/routes.ts';
import {
  renderMail,
  type MailConfig,
  type RenderedMail,
} from '../../integrations/mail/mail-template.ts';
import { templateMail } from '../../integrations/mail/templates/template-mail.ts';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;
const link = (config: MailConfig, path: string, token: string) =>
  `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

export function verifyEmailMail(config: MailConfig, fullName: string, token: string): RenderedMail {
  return templateMail(
    config,
    'verify-email',
    { customer_first_name: firstName(fullName) },
    { actionUrl: link(config, paths.verifyEmail, token) },
  );
}

export function changeEmailMail(config: MailConfig, fullName: string, token: string): RenderedMail {
  return renderMail(config, {
    subject: `Confirm your new e-mail address for ${config.site.siteName}`,
    greeting: `Hi ${firstName(fullName)},`,
    paragraphs: [
      'You asked to use this address for your account. Your e-mail address changes as soon as you confirm it.',
    ],
    action: { label: 'Confirm my new e-mail address', url: link(config, paths.verifyEmail, token) },
    footnote:
      'The link works once and stays valid for 24 hours. If you did not ask for this, ignore this e-mail.',
  });
}

export function emailChangeNoticeMail(
  config: MailConfig,
  fullName: string,
  newEmail: string,
): RenderedMail {
  return renderMail(config, {
    subject: `Your ${config.site.siteName} e-mail address is being changed`,
    greeting: `Hi ${firstName(fullName)},`,
    paragraphs: [
      `Someone signed in to your account asked to change its e-mail address to ${newEmail}. Nothing changes until that address is confirmed.`,
      `If this was not you, change your password now and reply to ${config.site.contactEmail}.`,
    ],
  });
}

export function resetPasswordMail(
  config: MailConfig,
  fullName: string,
  token: string,
): RenderedMail {
  return templateMail(
    config,
    'reset-password',
    { customer_first_name: firstName(fullName) },
    { actionUrl: link(config, paths.resetPassword, token) },
  );
}

export function passwordChangedMail(config: MailConfig, fullName: string): RenderedMail {
  return renderMail(config, {
    subject: `Your ${config.site.siteName} password was changed`,
    greeting: `Hi ${firstName(fullName)},`,
    paragraphs: [
      'The password of your account was just changed, and every other signed-in device was signed out.',
      `If this was not you, reset your password at ${config.publicUrl}${paths.forgotPassword} and contact ${config.site.contactEmail}.`,
    ],
  });
}
