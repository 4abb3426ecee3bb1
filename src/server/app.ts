import Fastify, { LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { openDatabase, type Database } from '#db/client.ts';
import { seedDatabase } from '#db/seed.ts';
import type { AppInstance } from './app-instance.ts';
import type { Config } from './config.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { registerSessions } from './plugins/sessions.ts';
import { registerInfrastructure } from './plugins/infrastructure.ts';
import { recordRouteSchemas } from './plugins/route-schemas.ts';
import { registerJobs } from './plugins/jobs.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { invoicePdf } from './features/payments/invoices.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { administratorsRoutes } from './features/admin-auth/administrators.routes.ts';
import { twoFactorRoutes } from './features/admin-auth/two-factor.routes.ts';
import { adminAuthRoutes } from './features/admin-auth/admin-auth.routes.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { catalogueAdminRoutes } from './features/catalogue/catalogue-admin.routes.ts';
import { requestRoutes } from './features/requests/requests.routes.ts';
import { contactRoutes } from './features/requests/contact.routes.ts';
import { domainRoutes } from './features/domains/domains.routes.ts';
import { registerRegistrar } from './features/domains/registrar.plugin.ts';
import { registerOrderLines } from './features/orders/order-lines.plugin.ts';
import { orderLineKinds } from './order-line-kinds.ts';
import { createRegistrar } from './integrations/registrar/create-registrar.ts';
import { createRegistrarRoutes } from './features/domains/registrar-routes.service.ts';
import { domainOrderRoutes } from './features/domains/domain-orders.routes.ts';
import { registrarAdminRoutes } from './features/domains/registrar-admin.routes.ts';
import { dnsRoutes } from './features/domains/dns.routes.ts';
import { domainManagementRoutes } from './features/domains/domain-management.routes.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { adminOrderRoutes } from './features/orders/admin-orders.routes.ts';
import { couponRoutes } from './features/coupons/coupons.routes.ts';
import { paymentRoutes } from './features/payments/payments.routes.ts';
import { payfastSimulatorRoutes } from './integrations/payfast/simulator/simulator.routes.ts';
import { refundRoutes } from './features/payments/refunds.routes.ts';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { savedCardRoutes } from './features/saved-cards/saved-cards.routes.ts';
import { moneyDocumentRoutes } from './features/payments/money-documents.routes.ts';
import { backOfficeRoutes } from './features/admin/back-office.routes.ts';
import { jobRoutes } from './features/admin/jobs.routes.ts';
import { reportRoutes } from './features/reports/reports.routes.ts';
import { dunningRoutes } from './features/dunning/dunning.routes.ts';
import { issueSetupToken } from './features/admin-auth/admin-auth.service.ts';
import { sealClearTotpSecrets } from './features/admin-auth/two-factor.service.ts';
import { sendMailJob } from './jobs/send-mail.job.ts';
import { checkPaymentNotificationJob } from './jobs/check-payment-notification.job.ts';
import {
  domainExpiryReminderJob,
  domainOrderFailedJob,
  pollDomainRegistrationJob,
  pollDomainTransferJob,
  registerDomainJob,
} from './jobs/register-domain.job.ts';
import { domainRenewalInvoiceJob } from './jobs/domain-renewal-invoice.job.ts';
import { refundPaymentJob } from './jobs/refund-payment.job.ts';
import { cancelSubscriptionJob } from './jobs/cancel-subscription.job.ts';
import { pushSubscriptionAmountJob } from './jobs/push-subscription-amount.job.ts';
import { chargeSavedCardJob } from './jobs/charge-saved-card.job.ts';
import { closeResolvedTicketJob } from './jobs/close-resolved-ticket.job.ts';
import { scheduleTicketDeskWatch, ticketDeskWatchJob } from './jobs/ticket-desk-watch.job.ts';
import { bankTransferRoutes } from './features/payments/bank-transfers.routes.ts';
import { creditRoutes } from './features/credit/credit.routes.ts';
import { customerRoutes } from './features/customers/customers.routes.ts';
import { viewAsRoutes } from './features/view-as/view-as.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { bankTransferReminderJob } from './jobs/bank-transfer-reminder.job.ts';
import { bankTransferExpiryJob } from './jobs/bank-transfer-expiry.job.ts';
import { dunningStepJob } from './jobs/dunning-step.job.ts';
import { nextRetentionRun, retentionJob, retentionKey } from './jobs/retention.job.ts';
import {
  complianceRemindersJob,
  scheduleComplianceReminders,
} from './jobs/compliance-reminders.job.ts';
import { backupJob } from './jobs/backup.job.ts';
import { backupRoutes } from './features/backups/backups.routes.ts';
import { complianceRoutes } from './features/compliance/compliance.routes.ts';
import { scheduleNextBackup } from './features/backups/backups.service.ts';
import { enqueueJob } from './jobs/queue.ts';
import { ticketRoutes } from './features/tickets/tickets.routes.ts';
import { ticketMergeRoutes } from './features/tickets/ticket-merge.routes.ts';
import { cannedReplyRoutes } from './features/tickets/canned-replies.routes.ts';
import { announcementRoutes } from './features/tickets/announcements.routes.ts';
import { createUnsubscribeTokens } from './features/tickets/marketing-unsubscribe.ts';
import { announcementMailingJob } from './jobs/announcement-mailing.job.ts';
import { mailTemplateRoutes } from './features/mail-templates/mail-templates.routes.ts';
import { ticketDeskRoutes } from './features/tickets/ticket-desk.routes.ts';
import { helpArticleRoutes } from './features/tickets/help-articles.routes.ts';
import { seedHelpArticles } from './features/tickets/help-articles.seed.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { registerInboundSmtp } from './features/tickets/inbound-smtp.ts';
import { createTicketThreads } from './features/tickets/tickets.service.ts';
import { pollSupportMailboxJob, scheduleMailboxPoll } from './jobs/poll-support-mailbox.job.ts';
import { projectRoutes } from './features/projects/projects.routes.ts';
import { registrationRoutes } from './features/registrations/registrations.routes.ts';
import { businessPlanRoutes } from './features/business-plans/business-plans.routes.ts';
import { creditNotePdf } from './features/payments/refund-ledger.service.ts';
import { speedReportJob } from './jobs/speed-report.job.ts';
import { speedReportRoutes } from './features/speed-reports/speed-reports.routes.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { recordHttpMetrics } from './features/metrics/http-metrics.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { ownerAlertsJob, scheduleAlertCheck } from './jobs/owner-alerts.job.ts';
import { registrarPricesJob, scheduleRegistrarPrices } from './jobs/registrar-prices.job.ts';
import { registryPollJob, scheduleRegistryPoll } from './jobs/registry-poll.job.ts';
import {
  registrarReconciliationJob,
  scheduleRegistrarReconciliation,
} from './jobs/registrar-reconciliation.job.ts';
import { timeoutOptions, type ServerTimeouts } from './plugins/server-timeouts.ts';
import { startImagePath } from '#db/start-image.ts';
import { logOutput } from './lib/log-output.ts';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  logger?: boolean;
  /** Shorter request and header timeouts (tests); otherwise `serverTimeouts`. */
  timeouts?: Partial<ServerTimeouts>;
}

/** Builds the whole application without listening: used by server.ts and by the tests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<AppInstance> {
  const logStream = options.logger === false ? undefined : await logOutput(config.logFormat);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // One line per answered request instead of two (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count as proxy-addr's function (Fastify's types take no number): trust the nearest N.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While a worker stops (a reload, SIGTERM), a request already on one of its open connections
    // is still answered instead of 503: new connections go to the other workers.
    return503OnClosing: false,
    // A slow or silent sender is answered 408 and cut off (plugins/server-timeouts.ts).
    ...timeoutOptions(options.timeouts),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerRequestLog(app);
  recordHttpMetrics(app);

  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      startImage: startImagePath(config.clientDir),
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
  registerInfrastructure(app, { config, database, ownsDatabase: !options.database });
  recordRouteSchemas(app);
  await database.migrate();
  await seedDatabase(database.db);
  await seedHelpArticles(database.db, vatWording(config.site.vatRegistered));
  const sealed = await sealClearTotpSecrets(database.db, app.secretBox);
  if (sealed > 0) app.log.info(`${sealed} TOTP secrets kept in clear are now encrypted at rest`);
  const registrarRoutes = createRegistrarRoutes(database.db);
  const registrar = createRegistrar(config, database.db, registrarRoutes);
  registerRegistrar(app, registrar, registrarRoutes);
  // ZACR's EPP session logs out and closes its connection with the app.
  app.addHook('onClose', () => registrar.close());
  registerOrderLines(app, orderLineKinds(app));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    buildAttachment: async (attachment) => {
      const { pdf, filename } =
        attachment.kind === 'invoice'
          ? await invoicePdf({ db: database.db, config }, attachment.orderReference, {
              admin: true,
            })
          : await creditNotePdf({ db: database.db, config }, attachment.number, { admin: true });
      return { filename, content: pdf, contentType: 'application/pdf' };
    },
  });
  app.addHook('onClose', () => mailer.close());
  await registerJobs(app, {
    'send-mail': sendMailJob(mailer),
    'check-payment-notification': checkPaymentNotificationJob({
      config,
      orderLines: app.orderLines,
    }),
    'register-domain': registerDomainJob({ registrar, config }),
    'poll-domain-registration': pollDomainRegistrationJob({ registrar, config }),
    'poll-domain-transfer': pollDomainTransferJob({ registrar, config }),
    'domain-renewal-invoice': domainRenewalInvoiceJob({ registrar, config }),
    'domain-order-failed': domainOrderFailedJob({ registrar, config }),
    'registrar-prices': registrarPricesJob({ registrar, config }),
    'registrar-reconciliation': registrarReconciliationJob({ registrar, config }),
    'registry-poll': registryPollJob({ config }),
    'domain-expiry-reminder': domainExpiryReminderJob({ registrar, config }),
    'refund-payment': refundPaymentJob({ config, orderLines: app.orderLines }),
    'cancel-subscription': cancelSubscriptionJob({ config }),
    'push-subscription-amount': pushSubscriptionAmountJob({ config }),
    'charge-saved-card': chargeSavedCardJob({ config }),
    'close-resolved-ticket': closeResolvedTicketJob(),
    'ticket-desk-watch': ticketDeskWatchJob({
      config,
      threads: createTicketThreads(config, app.secretBox),
    }),
    'bank-transfer-reminder': bankTransferReminderJob({ config }),
    'bank-transfer-expiry': bankTransferExpiryJob({ config }),
    'dunning-step': dunningStepJob({ config, orderLines: app.orderLines }),
    'speed-report': speedReportJob(config.speedReports),
    retention: retentionJob(),
    'compliance-reminders': complianceRemindersJob({ config }),
    'owner-alerts': ownerAlertsJob({ config }),
    'poll-support-mailbox': pollSupportMailboxJob({
      deps: { config, threads: createTicketThreads(config, app.secretBox) },
      mailbox: config.ticketMail.imap,
    }),
    backup: backupJob({ database, config: config.backups }),
    'announcement-mailing': announcementMailingJob({
      config,
      tokens: createUnsubscribeTokens(app.secretBox),
    }),
  });

  await registerSecurity(app);
  await registerSessions(app);
  healthRoutes(app);
  await authRoutes(app);
  await accountRoutes(app);
  await catalogueRoutes(app);
  await catalogueAdminRoutes(app);
  await requestRoutes(app);
  contactRoutes(app);
  await ticketRoutes(app);
  await ticketMergeRoutes(app);
  await cannedReplyRoutes(app);
  await announcementRoutes(app);
  await ticketDeskRoutes(app);
  await mailTemplateRoutes(app);
  await helpArticleRoutes(app);
  registerInboundSmtp(app);
  await projectRoutes(app);
  await registrationRoutes(app);
  await businessPlanRoutes(app);
  await domainOrderRoutes(app);
  await registrarAdminRoutes(app);
  await dnsRoutes(app);
  await domainManagementRoutes(app);
  await orderRoutes(app);
  await adminOrderRoutes(app);
  await couponRoutes(app);
  await paymentRoutes(app);
  await payfastSimulatorRoutes(app);
  await refundRoutes(app);
  await bankTransferRoutes(app);
  await creditRoutes(app);
  await customerRoutes(app);
  await viewAsRoutes(app);
  await billingRoutes(app);
  await subscriptionRoutes(app);
  await savedCardRoutes(app);
  moneyDocumentRoutes(app);
  await speedReportRoutes(app);
  await domainRoutes(app);
  adminAuthRoutes(app);
  await twoFactorRoutes(app);
  await administratorsRoutes(app);
  await backOfficeRoutes(app);
  await jobRoutes(app);
  await reportRoutes(app);
  await dunningRoutes(app);
  await metricsRoutes(app);
  await backupRoutes(app);
  await complianceRoutes(app);

  // The daily retention run keeps itself going; a start makes sure the next one is queued.
  app.addHook('onReady', async () => {
    const next = nextRetentionRun(new Date());
    await enqueueJob(database.db, 'retention', {}, { key: retentionKey(next), runAt: next }).catch(
      (error: unknown) => app.log.warn({ err: error }, 'retention run not queued at start'),
    );
    // Likewise the scheduled backups (BACKUP_EVERY_HOURS; none when 0).
    await scheduleNextBackup(database.db, config.backups, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'scheduled backup not queued at start'),
    );
  });

  // The owners' alerts are checked every 5 minutes, each check queueing the next; a start makes
  // sure one is queued.
  app.addHook('onReady', async () => {
    await scheduleAlertCheck(database.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'owner alert check not queued at start'),
    );
    // Likewise the support desk's clock.
    await scheduleTicketDeskWatch(database.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ticket desk watch not queued at start'),
    );
    // Likewise the compliance calendar's daily reminders.
    await scheduleComplianceReminders(database.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'compliance reminders not queued at start'),
    );
    // Likewise the registrar's prices, every 6 hours.
    await scheduleRegistrarPrices(database.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'registrar prices check not queued at start'),
    );
    await scheduleRegistrarReconciliation(database.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'registrar reconciliation not queued at start'),
    );
    // Likewise the support mailbox's reads (INBOUND_IMAP_URL).
    const mailbox = config.ticketMail.imap;
    if (mailbox) {
      await scheduleMailboxPoll(database.db, mailbox, new Date()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'support mailbox read not queued at start'),
      );
    }
    await scheduleRegistryPoll(database.db, new Date(), config).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ZACR message queue read not queued at start'),
    );
  });

  // Without SMTP, mail stays in the outbox: the start says where it is read (in development an
  // owner opens it there with working links; elsewhere its links have no tokens).
  if (!config.smtpUrl) {
    app.addHook('onReady', async () => {
      app.log.warn(
        config.env === 'development'
          ? `No SMTP_URL: mail is kept in the outbox, not sent. Read it, with working links, at ${config.publicUrl}/admin/outbox (as an owner)`
          : `No SMTP_URL: mail is kept in the outbox, not sent; nobody receives it. The back office lists it at ${config.publicUrl}/admin/outbox, its links without their tokens`,
      );
    });
  }

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
