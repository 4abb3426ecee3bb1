import { formatDate } from '#shared/dates.ts';
import {
  projectStageLabels,
  projectStageNotes,
  type ProjectStage,
} from '#shared/projects.schemas.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

interface ProjectSummary {
  reference: string;
  title: string;
  name: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const customerLink = (config: MailConfig, reference: string) =>
  `${config.publicUrl}/user/projects/${encodeURIComponent(reference)}`;

/** To the customer when the project moves to a new stage (its first stage included). */
export function projectStageMail(
  config: MailConfig,
  project: ProjectSummary,
  stage: ProjectStage,
  dueDate: string | null,
): RenderedMail {
  return renderMail(config, {
    subject: `[${project.reference}] Your website project: ${projectStageLabels[stage]}`,
    greeting: `Hi ${firstName(project.name)},`,
    paragraphs: [
      `Your website project ${project.reference} (${project.title}) is now at the ${projectStageLabels[stage].toLowerCase()} stage.`,
      projectStageNotes[stage],
      ...(dueDate && stage !== 'live'
        ? [`We aim to finish this stage by ${formatDate(dueDate)}.`]
        : []),
    ],
    action: { label: 'Follow your project', url: customerLink(config, project.reference) },
  });
}

/** To the customer: the team commented on the project. */
export function staffCommentMail(
  config: MailConfig,
  project: ProjectSummary,
  comment: { authorName: string; body: string },
): RenderedMail {
  return renderMail(config, {
    subject: `[${project.reference}] New comment on your website project`,
    greeting: `Hi ${firstName(project.name)},`,
    paragraphs: [`${comment.authorName} wrote:`, comment.body],
    action: { label: 'Reply', url: customerLink(config, project.reference) },
  });
}

/** To the company: the customer commented, filled in content or approved the site. */
export function projectToStaffMail(
  config: MailConfig,
  project: ProjectSummary & { email: string },
  what: string,
  body: string,
): RenderedMail {
  return renderMail(config, {
    subject: `[${project.reference}] ${project.name} ${what}`,
    greeting: 'On a website project,',
    paragraphs: [`From: ${project.name} <${project.email}>`, body],
    action: {
      label: 'Open the project',
      url: `${config.publicUrl}/admin/website-projects/${encodeURIComponent(project.reference)}`,
    },
  });
}
