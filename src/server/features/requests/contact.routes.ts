import { contactMessages } from '#db/schema/index.ts';
import { messageSchema } from '#shared/auth.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { contactSchema } from '#shared/requests.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { loadSessionUser } from '../../plugins/sessions.ts';
import { contactNotificationMail } from './request-mails.ts';

export const contactThanks =
  'Thank you for your message. We reply within one business day, usually much sooner.';

/** The contact form: stored, mailed to the company's address, rate-limited, honeypot for bots. */
export function contactRoutes(app: AppInstance): void {
  const { db } = app.database;
  app.post(
    '/api/contact',
    {
      schema: {
        body: contactSchema,
        response: { 201: messageSchema, ...errorResponses(...stateChangeErrors, 429) },
      },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { website, ...input } = request.body;
      if (website) {
        request.log.info('contact honeypot filled; dropped');
        return reply.status(201).send({ message: contactThanks });
      }
      const user = await loadSessionUser(request, reply);
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({
          userId: user?.id ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          subject: input.subject,
          message: input.message,
          ip: request.ip,
        });
        await queueMail(tx, {
          to: app.config.site.contactEmail,
          ...contactNotificationMail(app.config, { ...input, phone: input.phone ?? null }),
        });
      });
      return reply.status(201).send({ message: contactThanks });
    },
  );
}
