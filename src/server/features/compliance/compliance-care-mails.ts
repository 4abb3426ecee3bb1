import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import { firstName, renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

/** 30 days before a year of compliance care ends: the renewal order, to pay before it ends. */
export function careRenewalInvoiceMail(
  config: MailConfig,
  input: {
    customerName: string;
    companyName: string;
    coveredUntil: string;
    orderReference: string;
    total: string;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Renew compliance care before ${input.coveredUntil}: ${input.total}`,
    greeting: `Hi ${firstName(input.customerName)},`,
    paragraphs: [
      `Your year of compliance care for ${input.companyName} ends on ${input.coveredUntil}, and it is set to renew, so we have prepared order ${input.orderReference} for the next year: ${input.total}${vatWording(config.site.vatRegistered).included}.`,
      'Pay it from your dashboard before that date and we keep filing your annual return and beneficial-ownership updates. If you would rather file them yourself, switch renewal off on your compliance calendar.',
    ],
    action: { label: 'Pay the renewal', url: `${config.publicUrl}${paths.userDashboard}` },
  });
}

/** The team's notice of filings that joined its list (each due within 30 days). */
export function filingTasksTeamMail(
  config: MailConfig,
  tasks: { company: string; title: string; dueOn: string }[],
): RenderedMail {
  return renderMail(config, {
    subject: `Compliance filings to make: ${tasks.length} new`,
    greeting: 'Hello team,',
    paragraphs: [
      'These filings for compliance-care customers are now on the list:',
      ...tasks.map((task) => `${task.company}: ${task.title}, due by ${formatDate(task.dueOn)}`),
    ],
    action: {
      label: 'Open the filings list',
      url: `${config.publicUrl}${paths.adminComplianceFilings}`,
    },
  });
}

/** The customer's news that we filed one of their company's items. */
export function careFiledMail(
  config: MailConfig,
  input: { customerName: string; companyName: string; title: string },
): RenderedMail {
  return renderMail(config, {
    subject: `Filed for ${input.companyName}: ${input.title}`,
    greeting: `Hi ${firstName(input.customerName)},`,
    paragraphs: [
      `We have filed ${input.title} for ${input.companyName} with CIPC under your compliance care. It is marked done on your compliance calendar.`,
      'CIPC sends its confirmation to the company’s registered e-mail address; keep it with the company’s records.',
    ],
    action: {
      label: 'Open your compliance calendar',
      url: `${config.publicUrl}${paths.userCompliance}`,
    },
  });
}
