import { expect } from 'vitest';
import type { AppInstance } from '../../src/server/app-instance.ts';

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * Pays a signed PayFast form on the simulator's page of the site listening at `base`, as the
 * customer would ("Complete payment", or "Pay by Instant EFT" with `complete-eft`), then runs the
 * queue so the ITN is checked and applied.
 */
export async function payOnSimulator(
  app: AppInstance,
  base: string,
  form: { action: string; fields: Record<string, string> },
  outcome: 'complete' | 'complete-eft' = 'complete',
): Promise<void> {
  const page = await fetch(new URL(form.action, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(form.fields),
  });
  const session = /name="session" value="([^"]+)"/.exec(await page.text())![1]!;
  const done = await fetch(`${base}/payfast-simulator/eng/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ session, outcome }),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  await app.jobs.drain();
}
