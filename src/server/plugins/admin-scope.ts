import type { AppInstance } from '../app-instance.ts';
import { requireAdmin } from './sessions.ts';

/**
 * Registers back-office routes in a scope where every request needs an administrator session
 * (a customer session never passes) and answers are never cached.
 */
export async function adminScope(
  app: AppInstance,
  routes: (scoped: AppInstance) => void,
): Promise<void> {
  await app.register(async (instance) => {
    const scoped = instance as AppInstance;
    scoped.addHook('onRequest', async (request, reply) => {
      await requireAdmin(request, reply);
      reply.header('cache-control', 'private, no-store');
    });
    routes(scoped);
  });
}
