import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app-instance.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  requireAdmin,
  requireUser,
  type AdminAccess,
  type SessionAdmin,
  type SessionUser,
} from './sessions.ts';

/** Who a scope's guard lets in: a signed-in customer or an administrator. */
export type SignIn = 'user' | 'admin';

/**
 * The type providers of the two scopes: zod-typed like AppInstance, and marked with who the
 * guard let in, so that `request.user` / `request.admin` are typed non-null inside the scope.
 */
export interface UserScopeTypes extends ZodTypeProvider {
  readonly signIn: 'user';
}
export interface AdminScopeTypes extends ZodTypeProvider {
  readonly signIn: 'admin';
}

type ScopedInstance<Types extends ZodTypeProvider> = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  Types
>;
/** The instance userScope hands its routes: each request there has a signed-in customer. */
export type UserScope = ScopedInstance<UserScopeTypes>;
/** The instance adminScope hands its routes: each request there has an administrator. */
export type AdminScope = ScopedInstance<AdminScopeTypes>;

declare module 'fastify' {
  // The type parameters repeat Fastify's own: interfaces merge only when they are the same.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    /* eslint-enable @typescript-eslint/no-unused-vars */
    /**
     * The signed-in customer, loaded once by the userScope guard before anything else looks at
     * the request. Outside a userScope it does not exist (hence `unknown`): a route where
     * signing in is optional asks loadSessionUser.
     */
    readonly user: TypeProvider extends UserScopeTypes ? SessionUser : unknown;
    /** The administrator, loaded once by the adminScope guard; outside one it does not exist. */
    readonly admin: TypeProvider extends AdminScopeTypes ? SessionAdmin : unknown;
  }
}

const loadedBy: Record<SignIn, (request: FastifyRequest) => unknown> = {
  user: (request) => request.sessionUser,
  admin: (request) => request.sessionAdmin,
};

/**
 * Registers routes in a scope whose every request is signed in as `signIn`: one onRequest guard
 * (`check`) answers 401 (or 403) before the body or parameters are even looked at (so what was
 * sent never decides between 400 and 401), loads who it is once for `request[signIn]`, and marks
 * the answer private.
 */
async function signedInScope<Types extends ZodTypeProvider>(
  app: AppInstance,
  signIn: SignIn,
  check: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  routes: (scoped: ScopedInstance<Types>) => void,
): Promise<void> {
  const loaded = loadedBy[signIn];
  await app.register(async (instance) => {
    instance.decorateRequest(signIn, {
      getter(this: FastifyRequest) {
        const who = loaded(this);
        // Only a handler that ends its own session could get here; the guard ensured the rest.
        if (!who) throw new Error(`request.${signIn} read after its session ended`);
        return who;
      },
    });
    instance.addHook('onRequest', async (request, reply) => {
      await check(request, reply);
      reply.header('cache-control', 'private, no-store');
    });
    routes(instance.withTypeProvider<Types>());
  });
}

/** Customer routes: a customer session is required, and handlers read `request.user`. */
export const userScope = (app: AppInstance, routes: (scoped: UserScope) => void) =>
  signedInScope<UserScopeTypes>(app, 'user', requireUser, routes);

/**
 * Back-office routes: only an administrator session passes (never a customer's), with the role
 * `access` names (an owner may do everything staff may) and, where ADMIN_REQUIRE_2FA asks for
 * it, a second factor; handlers read `request.admin`. Since the guard can refuse with 403, every
 * route here declares it.
 */
export const adminScope = (
  app: AppInstance,
  access: AdminAccess,
  routes: (scoped: AdminScope) => void,
) =>
  signedInScope<AdminScopeTypes>(
    app,
    'admin',
    (request, reply) => requireAdmin(request, reply, access),
    (instance) => {
      instance.addHook('onRoute', (route) => {
        const response = (route.schema ??= {}).response as Record<number, unknown> | undefined;
        if (response) response[403] ??= apiErrorSchema;
      });
      routes(instance);
    },
  );

/** Who the routes registered on `instance` need signed in, if they are in one of these scopes. */
export const signInOf = (instance: FastifyInstance): SignIn | undefined =>
  (['user', 'admin'] as const).find((signIn) => instance.hasRequestDecorator(signIn));
