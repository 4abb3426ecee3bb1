import type { Config } from '../../src/server/config.ts';
import * as alertMails from '../../src/server/features/alerts/alert-mails.ts';
import * as businessPlanMails from '../../src/server/features/business-plans/business-plan-mails.ts';
import * as complianceMails from '../../src/server/features/compliance/compliance-mails.ts';
import * as domainOrderMails from '../../src/server/features/domains/domain-order-mails.ts';
import * as dunningMails from '../../src/server/features/dunning/dunning-mails.ts';
import * as bankTransferMails from '../../src/server/features/payments/bank-transfer-mails.ts';
import * as paymentMails from '../../src/server/features/payments/payment-mails.ts';
import * as projectMails from '../../src/server/features/projects/project-mails.ts';
import * as registrationMails from '../../src/server/features/registrations/registration-mails.ts';
import * as requestMails from '../../src/server/features/requests/request-mails.ts';
import * as savedCardMails from '../../src/server/features/saved-cards/saved-card-mails.ts';
import * as speedReportMails from '../../src/server/features/speed-reports/speed-report-mails.ts';
import * as subscriptionMails from '../../src/server/features/subscriptions/subscription-mails.ts';
import * as ticketMails from '../../src/server/features/tickets/ticket-mails.ts';
import * as announcementMails from '../../src/server/features/tickets/announcement-mails.ts';

/** Every module of mail templates (src/server/features/**\/*-mails.ts). */
export const mailModules = {
  alertMails,
  businessPlanMails,
  complianceMails,
  domainOrderMails,
  dunningMails,
  bankTransferMails,
  paymentMails,
  projectMails,
  registrationMails,
  requestMails,
  savedCardMails,
  speedReportMails,
  subscriptionMails,
  ticketMails,
  announcementMails,
};

const payTo = {
  bankName: 'First National Bank',
  holder: 'Sebenza Digital (Pty) Ltd',
  accountNumber: '62000000000',
  branchCode: '250655',
  accountType: 'current',
} as const;
const when = new Date('2026-03-02T10:00:00+02:00');
const plan = { id: 'plan-1', name: 'Kasi Kitchen', customerName: 'Zodwa Dlamini' };
const project = { reference: 'PRJ-0001', title: 'Business website', name: 'Thandi Nkosi' };
const registrationCase = {
  reference: 'R-0001AB',
  title: 'Company registration (CIPC + SARS): Basic company (Nkosi Trading)',
  name: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
};
const ticket = { reference: 'TCK-0001', subject: 'Invoice question', name: 'Thandi Nkosi' };
const request = {
  reference: 'REQ-0001',
  serviceType: 'website',
  name: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
  phone: null,
  company: null,
  message: 'A site for my bakery.',
};
const alert = {
  key: 'job-failing:send-mail',
  kind: 'job-failing' as const,
  detail: '3 jobs failed',
  startedAt: when,
};

const dunningFacts = {
  name: 'Sipho Dlamini',
  title: 'Renewal of nkosi.co.za',
  amountCents: 32_190,
  dueAt: when,
  monthly: false,
  payUrl: 'https://example.co.za/user/orders/SO-ABC123',
};
const monthlyFacts = {
  ...dunningFacts,
  title: 'Financial management: Bookkeeping',
  amountCents: 129_900,
  monthly: true,
  payUrl: 'https://example.co.za/user/payments',
};
const teamFacts = {
  title: 'Financial management: Bookkeeping',
  email: 'thandi@example.co.za',
  amountCents: 129_900,
};

/**
 * Every mail template rendered once with plausible facts, keyed `module.export`. Typed against
 * the builders' own signatures, so a changed template fails to compile here rather than go
 * unchecked; `missingMails` names any template added without a line here.
 */
export function everyMail(config: Pick<Config, 'site' | 'publicUrl'>) {
  return {
    'alertMails.alertTitles': alertMails.alertTitles(alert),
    'alertMails.alertMail': [
      alertMails.alertMail(config, alert, 'started', when),
      alertMails.alertMail(config, alert, 'resolved', when),
    ],
    'businessPlanMails.planStartedMail': businessPlanMails.planStartedMail(config, plan),
    'businessPlanMails.planCommentMail': businessPlanMails.planCommentMail(config, {
      ...plan,
      authorName: 'Sipho',
      body: 'Add your suppliers.',
    }),
    'businessPlanMails.planDeliveredMail': businessPlanMails.planDeliveredMail(config, plan),
    'domainOrderMails.registrarReconciliationMail': domainOrderMails.registrarReconciliationMail(
      config,
      {
        checkedAt: '2027-03-01T00:30:00.000Z',
        heldAtRegistrar: 12,
        missingAtRegistrar: [{ domain: 'lost.co.za', expiresAt: '2027-09-01T10:00:00.000Z' }],
        unknownHere: [
          {
            domain: 'kept.com',
            expiresAt: '2028-01-01T10:00:00.000Z',
            lastOrder: { reference: 'SO-ABC123', status: 'refunded' },
          },
        ],
        expiryDiffers: [],
      },
    ),
    'domainOrderMails.domainActiveMail': domainOrderMails.domainActiveMail(
      config,
      'nkosi.co.za',
      'Thandi Nkosi',
    ),
    'domainOrderMails.domainFailedMail': domainOrderMails.domainFailedMail(
      config,
      'nkosi.co.za',
      'Thandi',
      { active: false, refund: 'R 114,00 to your card' },
    ),
    'domainOrderMails.domainFailedAdminMail': domainOrderMails.domainFailedAdminMail(
      config,
      'nkosi.co.za',
      'Registry refused',
      null,
    ),
    'domainOrderMails.domainStuckAdminMail': domainOrderMails.domainStuckAdminMail(
      config,
      'nkosi.co.za',
      'No answer',
    ),
    'domainOrderMails.domainExpiryMail': domainOrderMails.domainExpiryMail(
      config,
      { domain: 'nkosi.co.za', expiresAt: when, autoRenew: true },
      'Thandi',
    ),
    'domainOrderMails.domainRenewedMail': domainOrderMails.domainRenewedMail(
      config,
      'nkosi.co.za',
      'Thandi',
      '2 March 2027',
    ),
    'domainOrderMails.domainRenewalInvoiceMail': domainOrderMails.domainRenewalInvoiceMail(config, {
      domain: 'nkosi.co.za',
      firstName: 'Thandi',
      expires: '2 March 2026',
      orderReference: 'SO-000001',
      total: 'R 114,00',
    }),
    'domainOrderMails.domainTransferredAdminMail': domainOrderMails.domainTransferredAdminMail(
      config,
      'nkosi.co.za',
    ),
    'bankTransferMails.bankTransferInstructionsMail':
      bankTransferMails.bankTransferInstructionsMail(config, {
        name: 'Thandi Nkosi',
        orderReference: 'SO-000001',
        payTo,
        amountCents: 349_900,
        payBy: when,
      }),
    'bankTransferMails.bankTransferReminderMail': bankTransferMails.bankTransferReminderMail(
      config,
      { name: 'Thandi Nkosi', orderReference: 'SO-000001', payTo, dueCents: 349_900, payBy: when },
    ),
    'bankTransferMails.bankTransferExpiredMail': bankTransferMails.bankTransferExpiredMail(config, {
      name: 'Thandi Nkosi',
      orderReference: 'SO-000001',
      keptAsCreditCents: 10_000,
    }),
    'bankTransferMails.bankDetailLines': bankTransferMails.bankDetailLines(
      payTo,
      'SO-000001',
      349_900,
    ),
    'paymentMails.receiptMail': paymentMails.receiptMail(config, {
      name: 'Thandi Nkosi',
      orderReference: 'SO-000001',
      paymentReference: 'PAY-00000001',
      paidWith: 'Card (PayFast)',
      invoice: 'INV-000001',
      items: [{ title: 'Business website', quantity: 1, totalCents: 349_900 }],
      totalCents: 349_900,
    }),
    'paymentMails.partPaymentMail': paymentMails.partPaymentMail(config, {
      name: 'Thandi Nkosi',
      orderReference: 'SO-000001',
      amountCents: 100_000,
      dueCents: 249_900,
    }),
    'paymentMails.notificationUnconfirmedAdminMail': paymentMails.notificationUnconfirmedAdminMail(
      config,
      {
        notificationId: 1,
        method: 'PayFast',
        paymentReference: 'PAY-00000001',
        error: 'timeout',
        tries: 3,
        final: false,
      },
    ),
    'paymentMails.creditNoteMail': paymentMails.creditNoteMail(config, {
      name: 'Thandi Nkosi',
      orderReference: 'SO-000001',
      paymentReference: 'PAY-00000001',
      amountCents: 10_000,
      reason: 'One page fewer',
      creditNote: 'CN-000001',
      route: 'Refunded by PayFast to the card',
    }),
    'paymentMails.refundFailedAdminMail': paymentMails.refundFailedAdminMail(config, {
      refundReference: 'REF-0001',
      paymentReference: 'PAY-00000001',
      amountCents: 10_000,
      why: 'Card expired',
      refused: true,
    }),
    'paymentMails.overpaymentAdminMail': paymentMails.overpaymentAdminMail(config, {
      orderReference: 'SO-000001',
      paymentReference: 'PAY-00000002',
      amountCents: 349_900,
    }),
    'paymentMails.overpaymentCustomerMail': paymentMails.overpaymentCustomerMail(config, {
      name: 'Thandi Nkosi',
      orderReference: 'SO-000001',
      paymentReference: 'PAY-00000002',
      amountCents: 349_900,
    }),
    'projectMails.projectStageMail': projectMails.projectStageMail(
      config,
      project,
      'design',
      '2026-03-20',
    ),
    'projectMails.staffCommentMail': projectMails.staffCommentMail(config, project, {
      authorName: 'Sipho',
      body: 'The first design is ready.',
    }),
    'projectMails.projectToStaffMail': projectMails.projectToStaffMail(
      config,
      { ...project, email: 'thandi@example.co.za' },
      'a comment',
      'Looks good.',
    ),
    'registrationMails.registrationOpenedMail': registrationMails.registrationOpenedMail(
      config,
      registrationCase,
    ),
    'registrationMails.registrationStageMail': registrationMails.registrationStageMail(
      config,
      registrationCase,
      'vat',
      null,
    ),
    'registrationMails.registrationDocumentMail': registrationMails.registrationDocumentMail(
      config,
      registrationCase,
      'certificate',
      'CoR14.3.pdf',
    ),
    'registrationMails.registrationToStaffMail': registrationMails.registrationToStaffMail(
      config,
      registrationCase,
      'Certified ID copy: id.pdf (120 KB).',
    ),
    'requestMails.requestReceivedMail': requestMails.requestReceivedMail(config, request),
    'requestMails.requestNotificationMail': requestMails.requestNotificationMail(config, request),
    'requestMails.quoteMail': requestMails.quoteMail(config, { ...request, quoteCents: 1_850_000 }),
    'complianceMails.complianceReminderMail': complianceMails.complianceReminderMail(config, {
      customerName: 'Thandi Nkosi',
      companyName: 'Nkosi Trading (Pty) Ltd',
      title: 'CIPC annual return 2027',
      dueOn: '2027-04-14',
      rule: 'Filed every year from the anniversary of incorporation.',
      daysBefore: 30,
    }),
    'speedReportMails.speedReportMail': speedReportMails.speedReportMail(config, {
      id: 'rep-1',
      url: 'https://nkosi.co.za/',
      status: 'failed',
      createdAt: when.toISOString(),
      startedAt: null,
      finishedAt: null,
      durationMs: null,
      partial: false,
      mobile: null,
      desktop: null,
      error: 'The site did not answer',
      queuePosition: null,
      hasScreenshot: false,
      deadlineMs: 60_000,
      kind: 'free',
      moreOpportunities: 0,
      comparison: null,
    }),
    'savedCardMails.savedCardDeclinedMail': savedCardMails.savedCardDeclinedMail(config, {
      name: 'Thandi Nkosi',
      orderReference: 'SO-7K2M9Q',
      total: 'R 321,90',
      reason: 'Your card was not accepted for payment (05)',
    }),
    'subscriptionMails.monthlyReceiptMail': subscriptionMails.monthlyReceiptMail(config, {
      name: 'Thandi Nkosi',
      title: 'Bookkeeping',
      amountCents: 129_900,
      orderReference: 'SO-000002',
      invoice: 'INV-000002',
      nextBillingDate: '2026-04-02',
    }),
    'subscriptionMails.monthlyPaymentFailedMail': subscriptionMails.monthlyPaymentFailedMail(
      config,
      { name: 'Thandi Nkosi', title: 'Bookkeeping', amountCents: 129_900, reference: 'SUB-0001' },
    ),
    'subscriptionMails.monthlyPaymentFailedAdminMail':
      subscriptionMails.monthlyPaymentFailedAdminMail(config, {
        reference: 'SUB-0001',
        title: 'Bookkeeping',
        amountCents: 129_900,
        email: 'thandi@example.co.za',
        failed: 2,
      }),
    'subscriptionMails.subscriptionCancelledMail': subscriptionMails.subscriptionCancelledMail(
      config,
      { name: 'Thandi Nkosi', title: 'Bookkeeping', reference: 'SUB-0001' },
    ),
    'subscriptionMails.cancellationRefusedAdminMail':
      subscriptionMails.cancellationRefusedAdminMail(config, {
        reference: 'SUB-0001',
        email: 'thandi@example.co.za',
        reason: 'PayFast refused',
      }),
    'subscriptionMails.subscriptionChangedAdminMail':
      subscriptionMails.subscriptionChangedAdminMail(config, {
        reference: 'SUB-0001',
        email: 'thandi@example.co.za',
        what: 'paused for 2 months',
      }),
    'subscriptionMails.priceChangeNoticeMail': subscriptionMails.priceChangeNoticeMail(config, {
      name: 'Thandi Nkosi',
      title: 'Bookkeeping',
      reference: 'SUB-0001',
      oldAmountCents: 129_900,
      newAmountCents: 139_900,
      startsOn: '2027-03-01',
    }),
    'ticketMails.ticketOpenedMail': ticketMails.ticketOpenedMail(
      config,
      { ...ticket, message: 'Where is my invoice?' },
      `${config.publicUrl}/user/tickets/TCK-0001`,
    ),
    'dunningMails.renewalReminderMail': dunningMails.renewalReminderMail(config, dunningFacts),
    'dunningMails.paymentOverdueMail': [
      dunningMails.paymentOverdueMail(config, dunningFacts),
      dunningMails.paymentOverdueMail(config, monthlyFacts),
    ],
    'dunningMails.finalNoticeMail': [
      dunningMails.finalNoticeMail(config, { ...dunningFacts, domain: true, suspendOn: when }),
      dunningMails.finalNoticeMail(config, { ...monthlyFacts, domain: false, suspendOn: when }),
    ],
    'dunningMails.serviceSuspendedMail': [
      dunningMails.serviceSuspendedMail(config, { ...dunningFacts, domain: true, cancelOn: when }),
      dunningMails.serviceSuspendedMail(config, { ...monthlyFacts, domain: false, cancelOn: when }),
    ],
    'dunningMails.serviceCancelledUnpaidMail': dunningMails.serviceCancelledUnpaidMail(
      config,
      monthlyFacts,
    ),
    'dunningMails.dunningTeamMail': [
      dunningMails.dunningTeamMail(config, { ...teamFacts, event: 'suspended' }),
      dunningMails.dunningTeamMail(config, { ...teamFacts, event: 'restored' }),
    ],
    'ticketMails.ticketToStaffMail': ticketMails.ticketToStaffMail(
      config,
      { ...ticket, email: 'thandi@example.co.za', category: 'billing' },
      'Where is my invoice?',
      true,
    ),
    'ticketMails.staffReplyMail': ticketMails.staffReplyMail(
      config,
      ticket,
      { authorName: 'Sipho', body: 'It is in your dashboard.' },
      `${config.publicUrl}/user/tickets/TCK-0001`,
    ),
    'ticketMails.ticketResolvedMail': ticketMails.ticketResolvedMail(
      config,
      ticket,
      when,
      `${config.publicUrl}/user/tickets/TCK-0001`,
      'TCK-0001.0123456789abcdef0123456789abcdef',
    ),
    'ticketMails.ticketClosingSoonMail': ticketMails.ticketClosingSoonMail(
      config,
      ticket,
      when,
      `${config.publicUrl}/user/tickets/TCK-0001`,
    ),
    'ticketMails.ticketClosedMail': ticketMails.ticketClosedMail(
      config,
      ticket,
      `${config.publicUrl}/user/tickets/TCK-0001`,
      'TCK-0001.0123456789abcdef0123456789abcdef',
    ),
    'ticketMails.ticketBreachMail': [
      ticketMails.ticketBreachMail(
        config,
        { ...ticket, priority: 'urgent' },
        'first response',
        when,
      ),
      ticketMails.ticketBreachMail(config, { ...ticket, priority: 'normal' }, 'resolution', when),
    ],
    'announcementMails.announcementMail': [
      announcementMails.announcementMail(config, {
        title: 'Planned maintenance on Saturday',
        bodyMarkdown: 'The site is down from **02:00 to 04:00**.',
        name: 'Thandi Nkosi',
      }),
      announcementMails.announcementMail(config, {
        title: 'Half price hosting this week',
        bodyMarkdown: 'Every hosting plan is half price until Friday.',
        name: 'Thandi Nkosi',
        unsubscribeUrl: `${config.publicUrl}/unsubscribe?token=0123`,
      }),
    ],
  };
}

/** The templates `everyMail` does not render: every exported function must be there. */
export function missingMails(rendered: Record<string, unknown>): string[] {
  return Object.entries(mailModules).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => `${module}.${name}`)
      .filter((key) => !(key in rendered)),
  );
}
