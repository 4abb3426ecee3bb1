import { createTestApp, type TestApp } from './test-app.ts';
import { freePort } from './free-port.ts';
import { startSmtpCatcher } from './smtp-catcher.ts';

export interface ListeningShop {
  t: TestApp;
  smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  base: string;
  close(): Promise<void>;
}

/**
 * The site as the money tests use it: listening on 127.0.0.1 (the PayFast simulator calls it
 * back over HTTP), VAT-registered with an address, mailing through a real SMTP catcher.
 */
export async function startListeningShop(env: Record<string, string> = {}): Promise<ListeningShop> {
  const smtp = await startSmtpCatcher();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    PUBLIC_URL: base,
    SMTP_URL: smtp.url,
    SUPPLIER_VAT_NUMBER: '4123456789',
    SUPPLIER_ADDRESS: '1 Long Street, Cape Town, 8001',
    RATE_LIMIT_ALLOW: '127.0.0.1',
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    smtp,
    base,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
