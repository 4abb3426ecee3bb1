import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

/**
 * To the customer: the saved card was declined for a renewal (or PayFast never answered). The order stays open to be paid by
 * hand, and a new card can be saved from the payments page.
 */
export function savedCardDeclinedMail(
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { name: string; orderReference: string; total: string; reason: string },
): RenderedMail {
  return renderMail(config, {
    subject: `We could not charge your card for order ${input.orderReference}`,
    greeting: `Hi ${input.name.split(/\s+/)[0]},`,
    paragraphs: [
      `We tried to charge ${input.total} for order ${input.orderReference} to the card you saved for renewals, and it did not go through (${input.reason}).`,
      `Please pay the order from its page: ${config.publicUrl}/user/orders/${input.orderReference}`,
      `To save another card for the next renewals, remove the old one on your payments page and tick "Save my card for renewals" when you pay: ${config.publicUrl}/user/payments`,
    ],
    action: {
      label: 'Pay the order',
      url: `${config.publicUrl}/user/orders/${input.orderReference}`,
    },
  });
}
