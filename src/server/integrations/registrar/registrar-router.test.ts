import { describe, expect, it } from 'vitest';
import { createRegistrarRouter, endingOf } from './registrar-router.ts';
import { RegistrarError, type Registrar } from './registrar.ts';

/** A registrar that only says who it is and which name it was asked about. */
const named = (provider: Registrar['provider']) =>
  ({
    provider,
    defaultNameservers: [`ns1.${provider}.example`],
    checkAvailability: async (domain: string) => ({ available: domain.length > 0, premium: false }),
    listDomains: async () => [{ domain: `${provider}.example`, expiresAt: new Date(0) }],
  }) as unknown as Registrar;

describe('the registrar router', () => {
  it("finds a name's longest known ending", () => {
    const endings = ['za', 'co.za', 'com'];
    expect(endingOf('shop.co.za', endings)).toBe('co.za');
    expect(endingOf('shop.za', endings)).toBe('za');
    expect(endingOf('shop.org', endings)).toBeNull();
    expect(endingOf('co.za', endings)).toBe('za');
  });

  it('sends each name to its route, a held name to its holder, the rest to the default', async () => {
    const router = createRegistrarRouter({
      registrars: [named('dnsimple'), named('local')],
      routes: {
        endings: async () =>
          new Map([
            ['com', null],
            ['co.za', 'local'],
            ['joburg', 'zacr'],
          ] as const),
        heldWith: async (domain) => (domain === 'old.co.za' ? 'dnsimple' : null),
      },
    });
    expect(await router.providerFor('new.co.za')).toBe('local');
    expect(await router.providerFor('old.co.za')).toBe('dnsimple');
    expect(await router.providerFor('shop.com')).toBe('dnsimple');
    expect(await router.defaultNameserversFor('new.co.za')).toEqual(['ns1.local.example']);
    expect((await router.listDomains()).map((d) => d.domain)).toEqual([
      'dnsimple.example',
      'local.example',
    ]);
    // Routed to a registrar that is not configured: refused in words, not sent elsewhere.
    const refusal = await router.checkAvailability('shop.joburg', 'shop').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RegistrarError);
    expect((refusal as RegistrarError).message).toBe(
      'shop.joburg is sold through ZACR, which is not configured here',
    );
    expect((refusal as RegistrarError).transient).toBe(false);
  });
});
