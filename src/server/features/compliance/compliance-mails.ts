import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import type { Config } from '../../config.ts';
import { firstName, renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

export interface ComplianceReminder {
  customerName: string;
  companyName: string;
  title: string;
  dueOn: string;
  rule: string;
  daysBefore: number;
}

/** A calendar item due in `daysBefore` days (30, then 7, each once): what, when, and the rule. */
export function complianceReminderMail(
  config: MailConfig,
  reminder: ComplianceReminder,
): RenderedMail {
  const due = formatDate(reminder.dueOn);
  const when =
    reminder.daysBefore === 0
      ? 'today'
      : reminder.daysBefore === 1
        ? 'tomorrow'
        : `in ${reminder.daysBefore} days`;
  return renderMail(config, {
    subject: `${reminder.companyName}: ${reminder.title} due by ${due}`,
    greeting: `Hi ${firstName(reminder.customerName)},`,
    paragraphs: [
      `${reminder.title} for ${reminder.companyName} is due by ${due}, ${when}.`,
      reminder.rule,
      'Mark it done on your compliance calendar once it is filed, or let us file it for you.',
    ],
    action: {
      label: 'Open your compliance calendar',
      url: `${config.publicUrl}${paths.userCompliance}`,
    },
    footnote: 'You get this e-mail because you follow this company on your compliance calendar.',
  });
}
