import { vatWording } from '#shared/vat-wording.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { RegistrarReconciliation } from '#shared/registrar.schemas.ts';
import type { Config } from '../../config.ts';
import { renderMail, type RenderedMail } from '../../integrations/mail/mail-template.ts';

type MailConfig = Pick<Config, 'site' | 'publicUrl'>;

export function domainActiveMail(
  config: MailConfig,
  domain: string,
  name: string,
  transferred = false,
): RenderedMail {
  return renderMail(config, {
    subject: transferred ? `${domain} has moved to us` : `${domain} is registered`,
    greeting: `Hi ${name.split(/\s+/)[0]},`,
    paragraphs: [
      transferred
        ? `The transfer of ${domain} is complete: it is registered with us in your name, a year longer than before. You can manage it from your dashboard.`
        : `${domain} is now registered in your name. You can manage it from your dashboard.`,
    ],
    action: { label: 'Manage my domains', url: `${config.publicUrl}/user/domains` },
  });
}

export function domainFailedMail(
  config: MailConfig,
  domain: string,
  firstName: string,
  outcome: {
    active: boolean;
    refund: string | null;
    kind?: 'registration' | 'renewal' | 'transfer';
  },
): RenderedMail {
  const verb =
    outcome.kind === 'renewal' ? 'renew' : outcome.kind === 'transfer' ? 'transfer in' : 'register';
  const what = outcome.active
    ? `${domain} is registered, but the registrar did not add all the years you paid for.`
    : outcome.kind === 'renewal'
      ? `We could not renew ${domain}: the registrar did not carry out the renewal.`
      : outcome.kind === 'transfer'
        ? `We could not transfer ${domain} to us: the transfer was refused or cancelled (often a wrong or expired auth code, or a transfer lock at the current registrar).`
        : `We could not register ${domain}: the registrar did not accept it, or someone else registered it first.`;
  const refund = outcome.refund
    ? `We will refund ${outcome.refund} to your card; our team has been told and will confirm within one business day.`
    : 'Our team has been told and will contact you within one business day.';
  return renderMail(config, {
    subject: outcome.active
      ? `${domain}: part of your registration is being refunded`
      : `We could not ${verb} ${domain}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [what, refund],
    footnote: `Questions? Reply to this e-mail or write to ${config.site.contactEmail}.`,
  });
}

export function domainFailedAdminMail(
  config: MailConfig,
  domain: string,
  reason: string,
  refund: string | null,
): RenderedMail {
  return renderMail(config, {
    subject: refund
      ? `Refund due: domain registration failed for ${domain}`
      : `Domain registration failed: ${domain}`,
    greeting: 'A paid domain could not be registered,',
    paragraphs: [
      `Domain: ${domain}`,
      `Last error: ${reason}`,
      ...(refund ? [`Refund due to the customer: ${refund}`] : []),
    ],
    action: { label: 'Open the domain orders', url: `${config.publicUrl}/admin/domain-orders` },
  });
}

export function domainStuckAdminMail(
  config: MailConfig,
  domain: string,
  reason: string,
): RenderedMail {
  return renderMail(config, {
    subject: `Domain registration still pending: ${domain}`,
    greeting: 'A paid domain has been waiting at the registrar for about a day,',
    paragraphs: [
      `Domain: ${domain}`,
      `State: ${reason}`,
      'Check it with the registrar; the job can be tried again from the jobs page.',
    ],
    action: { label: 'Open the jobs', url: `${config.publicUrl}/admin/jobs` },
  });
}

/**
 * An expiry reminder, saying what happens next: the open renewal order to pay, the saved card the
 * renewal will be charged to, the renewal order still to come, or how to renew by hand.
 */
export function domainExpiryMail(
  config: MailConfig,
  order: { domain: string; expiresAt: Date | null; autoRenew: boolean },
  firstName: string,
  next: {
    renewal: { orderReference: string; dueCents: number } | null;
    savedCard: string | null;
  } = { renewal: null, savedCard: null },
): RenderedMail {
  const on = formatDate(order.expiresAt!);
  const { renewal, savedCard } = next;
  const myDomains = { label: 'My domains', url: `${config.publicUrl}/user/domains` };
  return renderMail(config, {
    subject: `${order.domain} expires on ${on}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your domain ${order.domain} is registered until ${on}. After that it stops working: the website and e-mail on it go dark, and the name can be lost.`,
      !order.autoRenew
        ? 'It is not set to renew automatically. Renew it from My domains: choose the years, pay, and the registrar renews it.'
        : renewal
          ? `Its renewal order ${renewal.orderReference} for ${formatZAR(renewal.dueCents)} is waiting for payment. Pay it before that date and the registrar renews the domain at once.`
          : savedCard
            ? `It is set to renew automatically: 14 days before that date we charge the renewal to your saved card (${savedCard}), and the registrar renews the domain. To let it go, switch off auto-renew on My domains.`
            : 'It is set to renew automatically. We e-mail you a renewal order 14 days before that date; the registrar renews the domain once it is paid. To let it go, switch off auto-renew on My domains.',
    ],
    action:
      order.autoRenew && renewal
        ? {
            label: 'Pay the renewal',
            url: `${config.publicUrl}/user/orders/${renewal.orderReference}`,
          }
        : myDomains,
  });
}

export function domainRenewedMail(
  config: MailConfig,
  domain: string,
  firstName: string,
  until: string,
): RenderedMail {
  return renderMail(config, {
    subject: `${domain} is renewed until ${until}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [`The registrar has renewed ${domain}: it is registered until ${until}.`],
    action: { label: 'My domains', url: `${config.publicUrl}/user/domains` },
  });
}

export function domainRenewalInvoiceMail(
  config: MailConfig,
  input: {
    domain: string;
    firstName: string;
    expires: string;
    orderReference: string;
    total: string;
  },
): RenderedMail {
  return renderMail(config, {
    subject: `Renew ${input.domain} before ${input.expires}: ${input.total}`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `${input.domain} expires on ${input.expires} and is set to renew automatically, so we have prepared order ${input.orderReference} to renew it for 1 year: ${input.total}${vatWording(config.site.vatRegistered).included}.`,
      'Pay it from your dashboard before the expiry date; we renew the domain with the registrar as soon as it is paid. If you would rather let it go, ignore this e-mail and switch off auto-renew on My domains.',
    ],
    action: { label: 'Pay the renewal', url: `${config.publicUrl}/user/dashboard` },
  });
}

export function domainTransferredAdminMail(config: MailConfig, domain: string): RenderedMail {
  return renderMail(config, {
    subject: `Transfer in complete: ${domain}`,
    greeting: 'A domain has moved to our registrar account,',
    paragraphs: [
      `Domain: ${domain}`,
      'The registrar reports the transfer done; the customer has been told and manages it from their dashboard.',
    ],
    action: { label: 'Open the domain orders', url: `${config.publicUrl}/admin/domain-orders` },
  });
}

/** To the owners, after the nightly reconciliation found our records and the registrar apart. */
export function registrarReconciliationMail(
  config: MailConfig,
  result: RegistrarReconciliation,
): RenderedMail {
  const lines = [
    ...result.missingAtRegistrar.map(
      (row) => `${row.domain}: active here, not held by the registrar.`,
    ),
    ...result.unknownHere.map(
      (row) =>
        `${row.domain}: held by the registrar until ${formatDate(row.expiresAt)}, no active order here${
          row.lastOrder
            ? ` (last order ${row.lastOrder.reference}, ${row.lastOrder.status.replace('_', ' ')})`
            : ''
        }.`,
    ),
    ...result.expiryDiffers.map(
      (row) =>
        `${row.domain}: expires ${formatDate(row.ours)} here, ${formatDate(row.registrar)} at the registrar.`,
    ),
  ];
  return renderMail(config, {
    subject: `Registrar check: ${lines.length} ${lines.length === 1 ? 'difference' : 'differences'} with our records`,
    greeting: 'Hello,',
    paragraphs: [
      `Last night's check of the registrar's ${result.heldAtRegistrar} domains against our records found:`,
      ...lines,
      'A name the registrar holds for us without an order here costs us its renewals: find its customer, or let it lapse.',
    ],
    action: {
      label: 'Open the registrar page',
      url: `${config.publicUrl}/admin/dnsimple-management`,
    },
  });
}
