import { startDnsimpleStandIn } from '../stubs/dnsimple-stand-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const token = 'test-token-123456';

export type DnsimpleTestApp = TestApp & {
  dnsimple: Awaited<ReturnType<typeof startDnsimpleStandIn>>;
};

/** A test app whose registrar is DNSimple, played by the stand-in; close() stops both. */
export async function createDnsimpleTestApp(
  env: Record<string, string> = {},
): Promise<DnsimpleTestApp> {
  const dnsimple = await startDnsimpleStandIn({ token, accountId: 4242 });
  const app = await createTestApp({
    DNSIMPLE_TOKEN: token,
    DNSIMPLE_ACCOUNT_ID: '4242',
    DNSIMPLE_BASE_URL: dnsimple.baseUrl,
    ...env,
  });
  return {
    ...app,
    dnsimple,
    async close() {
      await app.close();
      await dnsimple.close();
    },
  };
}
