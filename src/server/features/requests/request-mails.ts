import { formatZAR } from '#shared/money.ts';
import { serviceTypeLabel } from '#shared/service-types.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

interface RequestSummary {
  reference: string;
  serviceType: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
}

export function requestReceivedMail(config: MailConfig, request: RequestSummary): RenderedMail {
  return renderMail(config, {
    subject: `We received your request ${request.reference}`,
    greeting: `Hi ${request.name.split(/\s+/)[0]},`,
    paragraphs: [
      `Thank you for your ${serviceTypeLabel(request.serviceType)} request. Your reference is ${request.reference}.`,
      'A consultant will contact you within one business day to talk through what you need and confirm a fixed price.',
      `Your message: “${request.message}”`,
    ],
    footnote: `Questions in the meantime? Reply to this e-mail or write to ${config.site.contactEmail} and quote ${request.reference}.`,
  });
}

export function requestNotificationMail(config: MailConfig, request: RequestSummary): RenderedMail {
  return renderMail(config, {
    subject: `New ${serviceTypeLabel(request.serviceType)} request ${request.reference}`,
    greeting: 'New service request,',
    paragraphs: [
      `From: ${request.name} <${request.email}>${request.phone ? `, ${request.phone}` : ''}${request.company ? `, ${request.company}` : ''}`,
      request.message,
    ],
    action: {
      label: 'Open the service requests',
      url: `${config.publicUrl}/admin/service-requests`,
    },
  });
}

/** The quote, with the way to pay it: the dashboard puts it in the cart. */
export function quoteMail(
  config: MailConfig,
  request: { reference: string; serviceType: string; name: string; quoteCents: number },
): RenderedMail {
  return renderMail(config, {
    subject: `Your quote for ${request.reference}: ${formatZAR(request.quoteCents)}`,
    greeting: `Hi ${request.name.split(/\s+/)[0]},`,
    paragraphs: [
      `Thank you for talking to us about your ${serviceTypeLabel(request.serviceType)} request ${request.reference}.`,
      `Our price for the work we discussed is ${formatZAR(request.quoteCents)}${vatWording(config.site.vatRegistered).included}.`,
      'You can pay it by card from your dashboard; we start as soon as the payment clears.',
    ],
    action: { label: 'Open my dashboard', url: `${config.publicUrl}/user/dashboard` },
  });
}
