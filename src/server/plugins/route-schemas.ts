import type { FastifySchema, RouteOptions } from 'fastify';
import type { AppInstance } from '../app-instance.ts';
import { signInOf, type SignIn } from './signed-in-scopes.ts';

/** A route as it was registered: what it accepts and answers, and its options. */
export interface RegisteredRoute {
  methods: string[];
  url: string;
  schema: FastifySchema | undefined;
  config: RouteOptions['config'];
  /** Who must be signed in: the route is in a userScope or an adminScope (401 otherwise). */
  signIn: SignIn | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its schema (route-contracts.test.ts checks each declares its answers). */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Every route as "METHOD /path", e.g. for tests that try each one. */
export const routeNames = (app: AppInstance): string[] =>
  app.registeredRoutes.flatMap((route) => route.methods.map((method) => `${method} ${route.url}`));

/** Records every route registered after this call, in this instance and the scopes inside it. */
export function recordRouteSchemas(app: AppInstance): void {
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', function ({ method, url, schema, config }) {
    const methods = [method].flat().filter((name) => name !== 'HEAD');
    if (methods.length > 0) {
      app.registeredRoutes.push({ methods, url, schema, config, signIn: signInOf(this) });
    }
  });
}
