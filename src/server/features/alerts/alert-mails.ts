import { formatDateTime } from '#shared/dates.ts';
import type { Config } from '../../config.ts';
import type { MailContent } from '../../integrations/mail/mail-template.ts';
import { alertRules, type AlertKind } from './alert-conditions.ts';

export type AlertPhase = 'started' | 'reminder' | 'resolved';

export interface AlertFacts {
  key: string;
  kind: AlertKind;
  detail: string;
  startedAt: Date;
}

/** The job type or folder an alert is about, from its key (`job-failing:backup`). */
const subjectOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** What is wrong, and what it looks like once it is over, in a few words. */
export function alertTitles(alert: Pick<AlertFacts, 'key' | 'kind'>) {
  const about = subjectOf(alert.key);
  switch (alert.kind) {
    case 'queue-stalled':
      return { on: 'Background jobs are not being run', off: 'Background jobs are run again' };
    case 'job-failing':
      return { on: `${about} jobs keep failing`, off: `${about} jobs work again` };
    case 'mail-failing':
      return { on: 'Mail cannot be delivered', off: 'Mail is delivered again' };
    case 'disk-full':
      return {
        on: `The disk holding ${about} is nearly full`,
        off: `The disk holding ${about} has room again`,
      };
    case 'registrar-credentials':
      return {
        on: 'The domain registrar refuses our credentials',
        off: 'The domain registrar accepts our credentials again',
      };
    case 'registrar-cost-rise':
      return {
        on: 'The domain registrar charges more than our prices cover',
        off: 'Our domain prices cover what the registrar charges again',
      };
    case 'registrar-ending-refused':
      return {
        on: 'A registrar refuses a domain ending we sell',
        off: 'Every domain ending on sale is accepted by its registrar again',
      };
  }
}

/** Why it matters and what an owner does about it, while it lasts. */
function whatToDo(alert: Pick<AlertFacts, 'key' | 'kind'>): string[] {
  switch (alert.kind) {
    case 'queue-stalled':
      return [
        'Mail, payment confirmations, domain registrations and refunds wait in this queue, so customers may be waiting too.',
        'What to do: check that the app is running and read its log for a job that hangs or a database that does not answer. Restarting the app starts the job runners again. The Jobs page of the back office lists what is waiting.',
      ];
    case 'job-failing':
      return [
        `What to do: open the Jobs page of the back office, choose Failed and read the error of the ${subjectOf(alert.key)} jobs. Once the cause is fixed (an outside service answering again, a setting corrected), press Retry on each failed job so its work is done.`,
      ];
    case 'mail-failing':
      return [
        'Customers are not getting mail from the site (order confirmations, invoices, password resets) while this lasts.',
        'What to do: check SMTP_URL and the mail server (the login, a quota, whether it takes connections from this server). Mails that gave up are on the Jobs page of the back office under Failed: press Retry on them once mail works.',
      ];
    case 'disk-full':
      return [
        'When the disk is full, orders, payments, uploads and backups can no longer be saved.',
        'What to do: free space (keep fewer backups with BACKUP_KEEP or move old ones elsewhere, remove old logs) or give the server a larger disk.',
      ];
    case 'registrar-credentials':
      return [
        'Paid domain registrations, renewals and transfers wait while this lasts; none is refunded or failed for it.',
        'What to do: create a new API access token in the DNSimple account, set it as DNSIMPLE_TOKEN and restart the app. The waiting orders are tried again by themselves (at most an hour apart).',
      ];
    case 'registrar-cost-rise':
      return [
        'Customers cannot buy those domains while this lasts (they are told the name cannot be registered here at the moment); orders already paid are carried out.',
        "What to do: raise the ending's registrar cost in the catalogue of the back office to what the registrar now charges; the sale starts again at once, and this alert clears at the next price check (every 6 hours).",
      ];
    case 'registrar-ending-refused':
      return [
        'Customers cannot search for, buy or transfer names of those endings while this lasts; names already held are renewed where they are.',
        'What to do: on the registrar page of the back office, route each ending to a registrar that sells it (.za names to ZACR). The sale starts again at once; an ending the same registrar prices again at the next check (every 6 hours) comes back by itself.',
      ];
  }
}

/** Where an owner acts on it: the registrar's own page, the catalogue, or the Jobs page. */
function actionFor(alert: Pick<AlertFacts, 'kind'>, publicUrl: string) {
  switch (alert.kind) {
    case 'registrar-credentials':
    case 'registrar-ending-refused':
      return { label: 'Open the registrar page', url: `${publicUrl}/admin/dnsimple-management` };
    case 'registrar-cost-rise':
      return { label: 'Open the catalogue', url: `${publicUrl}/admin/catalogue` };
    default:
      return { label: 'Open the Jobs page', url: `${publicUrl}/admin/jobs` };
  }
}

/** What is left to do once it has cleared. */
function afterwards(alert: Pick<AlertFacts, 'key' | 'kind'>): string[] {
  switch (alert.kind) {
    case 'job-failing':
      return [
        `Jobs given up while it lasted are still on the Jobs page under Failed: press Retry on those whose work is still needed.`,
      ];
    case 'mail-failing':
      return [
        'While mail failed, this alert could not be mailed: it was written to the server log only.',
        'What to do now: open the Jobs page of the back office, choose Failed and press Retry on the send-mail jobs, so the mails that gave up are sent after all.',
      ];
    default:
      return ['Nothing more needs doing.'];
  }
}

/** The mail to each owner for one step of an alert: started, reminder or resolved. */
export function alertMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  alert: AlertFacts,
  phase: AlertPhase,
  now: Date,
): MailContent {
  const titles = alertTitles(alert);
  const site = config.site.siteName;
  const since = formatDateTime(alert.startedAt);
  const footnote = `You get this mail as an owner of the ${site} back office. While it lasts you are reminded every ${alertRules.remindAfterHours} hours, and told when it clears.`;
  const action = actionFor(alert, config.publicUrl);
  if (phase === 'resolved') {
    return {
      subject: `Resolved: ${titles.off} (${site})`,
      greeting: 'Hello,',
      paragraphs: [
        `${titles.on} from ${since} until ${formatDateTime(now)}. ${titles.off}.`,
        // The figure that cleared it; a count of past failures would only confuse here.
        ...(alert.kind === 'disk-full' || alert.kind === 'queue-stalled' ? [alert.detail] : []),
        ...afterwards(alert),
      ],
      ...(alert.kind === 'disk-full' ? {} : { action }),
    };
  }
  return {
    subject:
      phase === 'started'
        ? `Alert: ${titles.on} (${site})`
        : `Reminder: ${titles.on} since ${since} (${site})`,
    greeting: 'Hello,',
    paragraphs: [
      ...(phase === 'reminder'
        ? [`This has been going on since ${since} and has not cleared.`]
        : []),
      alert.detail,
      ...whatToDo(alert),
    ],
    ...(alert.kind === 'disk-full' ? {} : { action }),
    footnote,
  };
}
