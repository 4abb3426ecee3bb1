import type { AppInstance } from '../../app-instance.ts';
import type { OrderLineRegistry } from './order-lines.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every kind of order line, as the selling features registered them (decision 020). */
    orderLines: OrderLineRegistry;
  }
}

/** Hands the composition root's line kinds to orders and payments. */
export function registerOrderLines(app: AppInstance, registry: OrderLineRegistry): void {
  app.decorate('orderLines', registry);
}
