import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

export function domainActiveMail(config: MailConfig, domain: string, name: string): RenderedMail {
  return renderMail(config, {
    subject: `${domain} is registered`,
    greeting: `Hi ${name.split(/\s+/)[0]},`,
    paragraphs: [
      `${domain} is now registered in your name. You can manage it from your dashboard.`,
    ],
    action: { label: 'Manage my domains', url: `${config.publicUrl}/user/domains` },
  });
}

export function domainFailedMail(config: MailConfig, domain: string, name: string): RenderedMail {
  return renderMail(config, {
    subject: `We could not register ${domain}`,
    greeting: `Hi ${name.split(/\s+/)[0]},`,
    paragraphs: [
      `The registrar did not accept the registration of ${domain}. Our team has been told and will contact you within one business day to register another name or refund you in full.`,
    ],
    footnote: `Questions? Reply to this e-mail or write to ${config.site.contactEmail}.`,
  });
}

export function domainFailedAdminMail(
  config: MailConfig,
  domain: string,
  reason: string,
): RenderedMail {
  return renderMail(config, {
    subject: `Domain registration failed: ${domain}`,
    greeting: 'A paid domain could not be registered,',
    paragraphs: [`Domain: ${domain}`, `Last error: ${reason}`],
    action: { label: 'Open the domain orders', url: `${config.publicUrl}/admin/domain-orders` },
  });
}
