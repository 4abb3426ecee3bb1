import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

interface PlanMailInput {
  id: string;
  name: string;
  customerName: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const planLink = (config: MailConfig, id: string) =>
  `${config.publicUrl}/user/business-plans/${encodeURIComponent(id)}`;

/** To the customer once a professional plan is paid for. */
export function planStartedMail(config: MailConfig, plan: PlanMailInput): RenderedMail {
  return renderMail(config, {
    subject: `Your business plan is with our writers`,
    greeting: `Hi ${firstName(plan.customerName)},`,
    paragraphs: [
      `Thank you for your order. “${plan.name}” is now with our writers.`,
      'Add what you already know in the plan builder: your business, your market and your figures. If you started a plan of your own, you can bring it in with one click. We comment on each section as we go and e-mail you when there is something to read.',
    ],
    action: { label: 'Open your plan', url: planLink(config, plan.id) },
  });
}

/** To the customer: a writer commented on a section. */
export function planCommentMail(
  config: MailConfig,
  plan: PlanMailInput & { authorName: string; body: string },
): RenderedMail {
  return renderMail(config, {
    subject: `New comment on your business plan`,
    greeting: `Hi ${firstName(plan.customerName)},`,
    paragraphs: [`${plan.authorName} commented on “${plan.name}”:`, plan.body],
    action: { label: 'Read it in your plan', url: planLink(config, plan.id) },
  });
}

/** To the customer: the plan is final, ready to download. */
export function planDeliveredMail(config: MailConfig, plan: PlanMailInput): RenderedMail {
  return renderMail(config, {
    subject: `Your business plan is ready`,
    greeting: `Hi ${firstName(plan.customerName)},`,
    paragraphs: [
      `“${plan.name}” is final. Download the PDF from your plan; you can keep editing your own copy whenever your figures change.`,
    ],
    action: { label: 'Download your plan', url: planLink(config, plan.id) },
  });
}
