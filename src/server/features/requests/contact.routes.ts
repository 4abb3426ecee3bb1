import { messageSchema } from '#shared/auth.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { contactSchema } from '#shared/requests.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { loadSessionUser } from '../../plugins/sessions.ts';
import { createTicketThreads, openTicket } from '../tickets/tickets.service.ts';

export const contactThanks =
  'Thank you for your message. We reply within one business day, usually much sooner. Your ticket number and a link to follow the conversation are on their way to your inbox.';

/** The contact form: a support ticket for the company, rate-limited, honeypot for bots. */
export function contactRoutes(app: AppInstance): void {
  const { db } = app.database;
  const threads = createTicketThreads(app.config, app.secretBox);
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
      // Every message becomes a support ticket, answered by e-mail with a reply link (or in the
      // customer area when the sender is signed in).
      await openTicket(
        { db, config: app.config, threads },
        {
          userId: user?.id ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          subject: input.subject,
          category: 'other',
          message: input.message,
          source: 'contact_form',
          ip: request.ip,
        },
      );
      return reply.status(201).send({ message: contactThanks });
    },
  );
}
