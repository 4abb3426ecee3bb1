import { describe, expect, it } from 'vitest';
import { dnsRecordInputSchema } from './dns.schemas.ts';

const messages = (input: unknown) => {
  const result = dnsRecordInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('dnsRecordInputSchema', () => {
  it('accepts one valid record of each type and reads @ as the domain itself', () => {
    expect(dnsRecordInputSchema.parse({ type: 'A', name: '@', content: '196.22.132.10' })).toEqual({
      type: 'A',
      name: '',
      content: '196.22.132.10',
      ttl: 3600,
    });
    expect(messages({ type: 'AAAA', name: 'www', content: '2c0f:f4c0::1' })).toEqual([]);
    expect(messages({ type: 'CNAME', name: 'shop', content: 'shops.example.com' })).toEqual([]);
    expect(messages({ type: 'MX', name: '', content: 'mail.example.co.za', priority: 10 })).toEqual(
      [],
    );
    expect(messages({ type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=none' })).toEqual([]);
  });

  it('refuses values that do not fit their type', () => {
    expect(messages({ type: 'A', name: 'www', content: '300.1.1.1' })).toEqual([
      'content: Enter an IPv4 address, e.g. 196.22.132.10',
    ]);
    expect(messages({ type: 'AAAA', name: 'www', content: '1.2.3.4' })[0]).toContain('IPv6');
    expect(messages({ type: 'CNAME', name: '', content: 'x.example.com' })[0]).toContain(
      'cannot be on the domain itself',
    );
    expect(messages({ type: 'MX', name: '', content: 'mail.example.co.za' })).toEqual([
      'priority: An MX record needs a priority, e.g. 10',
    ]);
    expect(messages({ type: 'A', name: 'bad name!', content: '1.2.3.4' })[0]).toContain(
      'Use letters, digits',
    );
    expect(messages({ type: 'TXT', name: 'x', content: 'ok', ttl: 5 })[0]).toContain(
      'At least 60 seconds',
    );
  });
});
