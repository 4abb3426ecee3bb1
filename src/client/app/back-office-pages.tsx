import type { RouteId } from '#shared/routes.ts';
import { adminFrame, pageLoader, type PageLoader } from './lazy-page.tsx';

/** The back office's pages (pages.tsx loads this table with the first of them). */
export const backOfficePages = {
  // The dashboard's order book comes from the orders feature; a change there refreshes its figures.
  adminDashboard: async () => {
    const [Frame, { AdminDashboardPage }, { OrderBook }, { MrrAtRisk }] = await Promise.all([
      adminFrame('Dashboard')(),
      import('../features/admin/pages/admin-dashboard-page.tsx'),
      import('../features/orders/components/order-book.tsx'),
      import('../features/dunning/components/mrr-at-risk.tsx'),
    ]);
    return {
      default: () => (
        <Frame>
          <AdminDashboardPage
            orderBook={(onOrderChanged) => <OrderBook onOrderChanged={onOrderChanged} />}
            atRisk={<MrrAtRisk />}
          />
        </Frame>
      ),
    };
  },
  // The customer page shows the owners' credit panel from the payments feature.
  adminCustomers: pageLoader(
    () => import('../features/customers/pages/customers-page.tsx'),
    'CustomersPage',
    adminFrame('Customers'),
  ),
  adminCustomer: async () => {
    const [Frame, { CustomerPage }, { CustomerCreditPanel }, { CustomerDunning }] =
      await Promise.all([
        adminFrame('Customer', 'page')(),
        import('../features/customers/pages/customer-page.tsx'),
        import('../features/payments/components/customer-credit-lookup.tsx'),
        import('../features/dunning/components/customer-dunning.tsx'),
      ]);
    return {
      default: () => (
        <Frame>
          <CustomerPage
            credit={(email) => <CustomerCreditPanel email={email} />}
            pastDue={(id) => <CustomerDunning customerId={id} />}
          />
        </Frame>
      ),
    };
  },
  adminInvoices: pageLoader(
    () => import('../features/billing/pages/invoices-page.tsx'),
    'InvoicesPage',
    adminFrame('Invoices and quotes'),
  ),
  // The form finds its customer with the customers feature's picker.
  adminNewInvoice: async () => {
    const [Frame, { NewInvoicePage }, { CustomerPicker }] = await Promise.all([
      adminFrame('New invoice or quote')(),
      import('../features/billing/pages/new-invoice-page.tsx'),
      import('../features/customers/components/customer-picker.tsx'),
    ]);
    return {
      default: () => (
        <Frame>
          <NewInvoicePage customerPicker={(props) => <CustomerPicker {...props} />} />
        </Frame>
      ),
    };
  },
  adminQuote: pageLoader(
    () => import('../features/billing/pages/admin-quote-page.tsx'),
    'AdminQuotePage',
    adminFrame('Quote', 'page'),
  ),
  adminServiceRequests: pageLoader(
    () => import('../features/requests/pages/service-requests-page.tsx'),
    'ServiceRequestsPage',
    adminFrame('Service requests'),
  ),
  adminSupportTickets: pageLoader(
    () => import('../features/tickets/pages/admin-tickets-page.tsx'),
    'AdminTicketsPage',
    adminFrame('Support tickets'),
  ),
  adminCannedReplies: pageLoader(
    () => import('../features/tickets/pages/canned-replies-page.tsx'),
    'CannedRepliesPage',
    adminFrame('Canned replies'),
  ),
  adminMailTemplates: pageLoader(
    () => import('../features/mail-templates/pages/mail-templates-page.tsx'),
    'MailTemplatesPage',
    adminFrame('E-mail templates'),
  ),
  adminMailTemplate: pageLoader(
    () => import('../features/mail-templates/pages/mail-template-page.tsx'),
    'MailTemplatePage',
    adminFrame('E-mail template'),
  ),
  adminSupportDepartments: pageLoader(
    () => import('../features/tickets/pages/support-departments-page.tsx'),
    'SupportDepartmentsPage',
    adminFrame('Support departments'),
  ),
  adminTicket: pageLoader(
    () => import('../features/tickets/pages/admin-ticket-page.tsx'),
    'AdminTicketPage',
    adminFrame('Support ticket'),
  ),
  adminAnnouncements: pageLoader(
    () => import('../features/tickets/pages/admin-announcements-page.tsx'),
    'AdminAnnouncementsPage',
    adminFrame('Announcements'),
  ),
  adminHelp: pageLoader(
    () => import('../features/tickets/pages/admin-help-page.tsx'),
    'AdminHelpPage',
    adminFrame('Help centre'),
  ),
  adminWebsiteProjects: pageLoader(
    () => import('../features/projects/pages/admin-projects-board-page.tsx'),
    'AdminProjectsBoardPage',
    adminFrame('Website projects'),
  ),
  adminRegistrations: pageLoader(
    () => import('../features/registrations/pages/admin-registrations-board-page.tsx'),
    'AdminRegistrationsBoardPage',
    adminFrame('Company registrations'),
  ),
  adminRegistration: pageLoader(
    () => import('../features/registrations/pages/admin-registration-page.tsx'),
    'AdminRegistrationPage',
    adminFrame('Company registration'),
  ),
  adminComplianceFilings: pageLoader(
    () => import('../features/compliance/pages/admin-filings-page.tsx'),
    'AdminFilingsPage',
    adminFrame('Compliance filings'),
  ),
  // A project sold on a quote offers the quote's balance at launch (billing feature).
  adminWebsiteProject: async () => {
    const [Frame, { AdminProjectPage }, { ProjectBalance }] = await Promise.all([
      adminFrame('Website project')(),
      import('../features/projects/pages/admin-project-page.tsx'),
      import('../features/billing/components/project-balance.tsx'),
    ]);
    return {
      default: () => (
        <Frame>
          <AdminProjectPage billing={(project) => <ProjectBalance {...project} />} />
        </Frame>
      ),
    };
  },
  adminBusinessPlans: pageLoader(
    () => import('../features/business-plans/pages/admin-plans-page.tsx'),
    'AdminPlansPage',
    adminFrame('Business plans'),
  ),
  adminBusinessPlan: pageLoader(
    () => import('../features/business-plans/pages/admin-plan-page.tsx'),
    'AdminPlanPage',
    adminFrame('Business plan', 'page'),
  ),
  adminDomainOrders: pageLoader(
    () => import('../features/domains/pages/domain-orders-page.tsx'),
    'DomainOrdersPage',
    adminFrame('Domain orders'),
  ),
  adminProfitAnalytics: pageLoader(
    () => import('../features/admin/pages/profit-analytics-page.tsx'),
    'ProfitAnalyticsPage',
    adminFrame('Profit analytics'),
  ),
  adminReports: pageLoader(
    () => import('../features/reports/pages/reports-page.tsx'),
    'ReportsPage',
    adminFrame('Reports'),
  ),
  adminReconciliation: pageLoader(
    () => import('../features/payments/pages/reconciliation-page.tsx'),
    'ReconciliationPage',
    adminFrame('Reconciliation'),
  ),
  adminBankTransfers: pageLoader(
    () => import('../features/payments/pages/bank-transfers-page.tsx'),
    'BankTransfersPage',
    adminFrame('Bank transfers'),
  ),
  adminSubscriptions: pageLoader(
    () => import('../features/payments/pages/admin-subscriptions-page.tsx'),
    'AdminSubscriptionsPage',
    adminFrame('Subscriptions'),
  ),
  adminCoupons: pageLoader(
    () => import('../features/coupons/pages/coupons-page.tsx'),
    'CouponsPage',
    adminFrame('Coupons'),
  ),
  adminPastDue: pageLoader(
    () => import('../features/dunning/pages/past-due-page.tsx'),
    'PastDuePage',
    adminFrame('Past due'),
  ),
  adminDunning: pageLoader(
    () => import('../features/dunning/pages/dunning-policy-page.tsx'),
    'DunningPolicyPage',
    adminFrame('Dunning policy'),
  ),
  adminCatalogue: pageLoader(
    () => import('../features/catalogue/pages/catalogue-page.tsx'),
    'CataloguePage',
    adminFrame('Catalogue and prices'),
  ),
  adminDnsimple: pageLoader(
    () => import('../features/domains/pages/registrar-page.tsx'),
    'RegistrarPage',
    adminFrame('DNSimple management'),
  ),
  adminDatabase: pageLoader(
    () => import('../features/admin/pages/database-page.tsx'),
    'DatabasePage',
    adminFrame('Database management'),
  ),
  adminOutbox: pageLoader(
    () => import('../features/admin/pages/outbox-page.tsx'),
    'OutboxPage',
    adminFrame('Outbox (mail)'),
  ),
  adminJobs: pageLoader(
    () => import('../features/admin/pages/jobs-page.tsx'),
    'JobsPage',
    adminFrame('Background jobs'),
  ),
  adminSpeedReports: pageLoader(
    () => import('../features/speed-reports/pages/admin-speed-reports-page.tsx'),
    'AdminSpeedReportsPage',
    adminFrame('Speed reports'),
  ),
  adminAuditLog: pageLoader(
    () => import('../features/admin/pages/audit-log-page.tsx'),
    'AuditLogPage',
    adminFrame('Audit log'),
  ),
  adminAdministrators: pageLoader(
    () => import('../features/admin-auth/pages/administrators-page.tsx'),
    'AdministratorsPage',
    adminFrame('Administrators'),
  ),
  adminTwoFactor: pageLoader(
    () => import('../features/admin-auth/pages/two-factor-page.tsx'),
    'TwoFactorPage',
    adminFrame('Two-factor sign-in'),
  ),
} satisfies Partial<Record<RouteId, PageLoader>>;

export type BackOfficeRouteId = keyof typeof backOfficePages;
