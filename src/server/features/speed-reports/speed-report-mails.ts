import { formatSeconds } from '#shared/numbers.ts';
import type { SpeedReport } from '#shared/speed-reports.schemas.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

/** "E-mail me this report": the link, and the headline figures when it is done. */
export function speedReportMail(config: MailConfig, report: SpeedReport): RenderedMail {
  const host = new URL(report.url).host;
  const mobile = report.mobile;
  const figures = mobile
    ? [
        `Performance on mobile: ${mobile.scores.performance ?? '–'}/100. Largest Contentful Paint: ${mobile.metrics.lcp === null ? 'not measured' : formatSeconds(mobile.metrics.lcp)}.`,
        ...(mobile.opportunities[0]
          ? [`First thing to fix: ${mobile.opportunities[0].title}.`]
          : []),
      ]
    : [
        report.status === 'failed'
          ? 'The test could not be completed; the link shows why.'
          : 'The test is still running; the link shows the result as soon as it is ready.',
      ];
  return renderMail(config, {
    subject: `Your website speed report for ${host}`,
    greeting: 'Hi,',
    paragraphs: [
      `Here is the speed report you asked for, of ${report.url}.`,
      ...figures,
      'Want the fixes done for you? Reply to this e-mail and we will quote for speeding up your site.',
    ],
    action: { label: 'Open the report', url: `${config.publicUrl}/speed-report/${report.id}` },
    footnote: 'You get this e-mail because someone asked for it on our website. We keep no list.',
  });
}
