import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  replaceCardSchema,
  savedCardParams,
  savedCardSchema,
} from '#shared/saved-cards.schemas.ts';
import { subscriptionReferenceParams } from '#shared/subscriptions.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { listSavedCards, removeSavedCard, replaceSubscriptionCard } from './saved-cards.service.ts';

/** The customer's saved cards (list, remove) and the card-update page of a subscription. */
export async function savedCardRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };
  await userScope(app, (scoped) => {
    scoped.get(
      '/api/saved-cards',
      { schema: { response: { 200: z.array(savedCardSchema), ...errorResponses(401) } } },
      (request) => listSavedCards(deps.db, request.user.id),
    );
    scoped.delete(
      '/api/saved-cards/:id',
      {
        schema: {
          params: savedCardParams,
          // 200: the cards left. 503: PayFast did not answer; the card stays saved.
          response: {
            200: z.array(savedCardSchema),
            ...errorResponses(...stateChangeErrors, 401, 404, 503),
          },
        },
      },
      async (request) => {
        await removeSavedCard(deps, {
          userId: request.user.id,
          id: request.params.id,
          now: new Date(),
        });
        return listSavedCards(deps.db, request.user.id);
      },
    );
    scoped.post(
      '/api/subscriptions/:reference/replace-card',
      {
        schema: {
          params: subscriptionReferenceParams,
          // 409: the subscription is not running.
          response: {
            200: replaceCardSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        replaceSubscriptionCard(deps, {
          userId: request.user.id,
          reference: request.params.reference,
        }),
    );
  });
}
