import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { openDatabase, type Database } from '#db/client.ts';
import { seedDatabase } from '#db/seed.ts';
import type { Config } from './config.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { registerSessions } from './plugins/sessions.ts';
import { createMailer, type Mailer } from './integrations/mail/mailer.ts';
import { invoicePdf } from './features/payments/invoices.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { accountRoutes } from './features/auth/account.routes.ts';
import { adminAuthRoutes } from './features/admin/admin-auth.routes.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { requestRoutes } from './features/requests/requests.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { domainRoutes } from './features/domains/domains.routes.ts';
import {
  createDomainChecker,
  type DomainChecker,
} from './features/domains/domain-check.service.ts';
import { createRegistrar } from './integrations/registrar/create-registrar.ts';
import type { Registrar } from './integrations/registrar/registrar.ts';
import { createDomainRegistrationWorker } from './features/domains/domain-registration.worker.ts';
import { domainOrderRoutes } from './features/domains/domain-orders.routes.ts';
import { registrarAdminRoutes } from './features/domains/registrar-admin.routes.ts';
import { dnsRoutes } from './features/domains/dns.routes.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { adminOrderRoutes } from './features/orders/admin-orders.routes.ts';
import { paymentRoutes } from './features/payments/payments.routes.ts';
import { createItnWorker } from './features/payments/itn.worker.ts';
import { payfastSimulatorRoutes } from './features/payments/payfast-simulator.routes.ts';
import { backOfficeRoutes } from './features/admin/back-office.routes.ts';
import { issueSetupToken } from './features/admin/admin-auth.service.ts';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    registrar: Registrar;
    domainChecker: DomainChecker;
    /** Registers paid domain orders; the checkout kicks it after a payment. */
    domainRegistration: ReturnType<typeof createDomainRegistrationWorker>;
    /** Checks stored PayFast ITNs; the notify route kicks it after storing one. */
    payfastItns: ReturnType<typeof createItnWorker>;
    /** Every route registered, as "METHOD /path" (tests walk it). */
    routeList: string[];
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  logger?: boolean;
}

/** Builds the whole application without listening: used by server.ts and by the tests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
  app.decorate('config', config);
  app.decorate('routeList', [] as string[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
    }
  });
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });
  await database.migrate();
  await seedDatabase(database.db);
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    buildAttachment: async (attachment) => {
      const invoice = await invoicePdf(database.db, attachment.orderReference, { admin: true });
      return { filename: invoice.filename, content: invoice.pdf, contentType: 'application/pdf' };
    },
  });
  app.decorate('mailer', mailer);
  // Registered after the database hook, so it runs first: mail in flight finishes, then the db closes.
  app.addHook('onClose', () => mailer.close());
  // Mail queued before a restart goes out now.
  app.addHook('onReady', async () => mailer.kick());

  await registerSecurity(app);
  await registerSessions(app);
  healthRoutes(app);
  authRoutes(app);
  accountRoutes(app);
  catalogueRoutes(app);
  await requestRoutes(app);
  contactRoutes(app);
  const registrar = createRegistrar(config, database.db);
  app.decorate('registrar', registrar);
  const domainRegistration = createDomainRegistrationWorker({
    db: database.db,
    registrar,
    config,
    log: app.log,
  });
  app.decorate('domainRegistration', domainRegistration);
  app.addHook('onClose', () => domainRegistration.close());
  await domainOrderRoutes(app);
  await registrarAdminRoutes(app);
  dnsRoutes(app);
  orderRoutes(app);
  await adminOrderRoutes(app);
  const payfastItns = createItnWorker({
    db: database.db,
    config,
    log: app.log,
    onPaid: () => {
      domainRegistration.kick();
      mailer.kick();
    },
  });
  app.decorate('payfastItns', payfastItns);
  app.addHook('onClose', () => payfastItns.close());
  // ITNs stored before a restart are checked now.
  app.addHook('onReady', async () => payfastItns.kick());
  await paymentRoutes(app);
  await payfastSimulatorRoutes(app);
  const domainChecker = createDomainChecker({
    db: database.db,
    registrar,
    usdZarRate: config.usdZarRate,
  });
  app.decorate('domainChecker', domainChecker);
  domainRoutes(app, domainChecker);
  adminAuthRoutes(app);
  await backOfficeRoutes(app);

  // No default administrator: until one exists, each start logs a one-time setup link.
  app.addHook('onReady', async () => {
    const token = await issueSetupToken(database.db);
    if (token) {
      app.log.warn(
        `No administrator exists yet. Create the first one at ${config.publicUrl}/admin/setup?token=${token} (the link works once), or run: npm run admin:create -- --email you@example.co.za --name "Your Name"`,
      );
    }
  });
  await registerWeb(app);
  return app;
}
