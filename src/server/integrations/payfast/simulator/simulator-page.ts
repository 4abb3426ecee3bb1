import { formatZAR } from '#shared/money.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { payfastAmountToCents } from '../amounts.ts';

/** An amount PayFast was sent ("2413.00"), as the site writes money; the raw text if unreadable. */
export function simulatorRand(amount: string | undefined): string {
  const cents = payfastAmountToCents(amount ?? '');
  return escapeHtml(cents === null ? (amount ?? '') : formatZAR(cents));
}

/** A page of the PayFast simulator, marked as a test so no one mistakes it for PayFast. */
export function simulatorPage(title: string, body: string): string {
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;font-family:Arial,Helvetica,sans-serif;background:#f1f5f9;color:#0f172a">
<div style="background:#b91c1c;color:#fff;text-align:center;padding:10px;font-weight:bold">Test payment — no money moves</div>
<main style="max-width:480px;margin:32px auto;background:#fff;border-radius:12px;padding:24px">${body}</main></body></html>`;
}

/**
 * Where the simulator sends the customer back: a URL on this site becomes its path, so the browser
 * stays on the host it opened the site on (localhost, 127.0.0.1, a LAN name) and keeps its session.
 */
export function backOnThisHost(url: string | undefined, publicUrl: string): string {
  const target = new URL(url || '/', publicUrl);
  if (target.origin !== new URL(publicUrl).origin) return target.href;
  return `${target.pathname}${target.search}${target.hash}`;
}
