import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { customerWithDomain } from '../../../../tests/helpers/domain-customer.ts';

function api(t: TestApp, cookie: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
}

describe('the website hosting template (HOSTING_IPV4 set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HOSTING_IPV4: '102.130.113.9' });
  });
  afterAll(() => t.close());

  it("points the name and www at our hosting, replacing the apex's addresses and www, once", async () => {
    const { cookie } = await customerWithDomain(t, 'botha-site.co.za');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-site.co.za';
    expect((await call('GET', `${base}/nameservers`)).json().websiteHosting).toBe(true);
    await call('POST', `${base}/records`, { type: 'A', name: '@', content: '196.22.132.10' });
    await call('POST', `${base}/records`, { type: 'A', name: 'www', content: '196.22.132.10' });
    await call('POST', `${base}/records`, { type: 'A', name: 'shop', content: '196.22.132.11' });
    await call('POST', `${base}/records`, {
      type: 'MX',
      name: '@',
      content: 'mail.botha-site.co.za',
      priority: 10,
    });
    const shape = (records: { type: string; name: string; content: string }[]) =>
      records.map((r) => `${r.type} ${r.name || '@'} ${r.content}`).sort();
    const hosted = await call('POST', `${base}/dns-templates/our-hosting`);
    expect(hosted.statusCode, hosted.body).toBe(200);
    expect(shape(hosted.json())).toEqual([
      'A @ 102.130.113.9',
      'A shop 196.22.132.11',
      'CNAME www botha-site.co.za',
      'MX @ mail.botha-site.co.za',
    ]);
    const again = await call('POST', `${base}/dns-templates/our-hosting`);
    expect(shape(again.json())).toEqual(shape(hosted.json()));
  });
});

describe('customer DNS records (local registrar)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds, lists, edits and deletes records of their own domain, checked per type', async () => {
    const { cookie } = await customerWithDomain(t, 'botha-guesthouse.co.za');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-guesthouse.co.za';
    const created = await call('POST', `${base}/records`, {
      type: 'A',
      name: '@',
      content: '196.22.132.10',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'A',
      name: '',
      content: '196.22.132.10',
      ttl: 3600,
    });
    await call('POST', `${base}/records`, {
      type: 'MX',
      name: '',
      content: 'mail.botha-guesthouse.co.za',
      priority: 10,
    });
    const bad = await call('POST', `${base}/records`, {
      type: 'MX',
      name: '',
      content: 'mail.example.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'priority' });
    const listed = (await call('GET', `${base}/records`)).json() as { id: string; type: string }[];
    expect(listed.map((r) => r.type).sort()).toEqual(['A', 'MX']);
    const a = listed.find((r) => r.type === 'A')!;
    const edited = await call('PUT', `${base}/records/${a.id}`, {
      type: 'A',
      name: 'www',
      content: '196.22.132.11',
      ttl: 600,
    });
    expect(edited.json()).toMatchObject({ name: 'www', content: '196.22.132.11', ttl: 600 });
    expect((await call('DELETE', `${base}/records/${a.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/records/${a.id}`)).statusCode).toBe(404);
    expect((await call('GET', `${base}/nameservers`)).json()).toEqual({
      nameservers: ['ns1.sebenza.local', 'ns2.sebenza.local'],
      ours: true,
      websiteHosting: false,
    });
    expect(await t.app.registrar.renew('botha-guesthouse.co.za', 2)).toMatchObject({
      state: 'done',
    });
    const held = await t.app.registrar.holds('botha-guesthouse.co.za');
    expect(held!.expiresAt.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 3);
    const renewal = await call('PATCH', base, { autoRenew: false });
    expect(renewal.json()).toEqual({ domain: 'botha-guesthouse.co.za', autoRenew: false });
    const mine = (await call('GET', '/api/user/domains')).json();
    expect(mine[0]).toMatchObject({
      domain: 'botha-guesthouse.co.za',
      status: 'active',
      autoRenew: false,
    });
  });

  it("delegates to the customer's name servers or back to ours, refusing bad lists", async () => {
    const { cookie } = await customerWithDomain(t, 'botha-ns.co.za');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-ns.co.za';
    expect((await call('GET', `${base}/nameservers`)).json()).toEqual({
      nameservers: ['ns1.sebenza.local', 'ns2.sebenza.local'],
      ours: true,
      websiteHosting: false,
    });
    for (const [body, error] of [
      [{ use: 'custom', nameservers: ['ns1.example.net'] }, 'Give at least two name servers'],
      [
        { use: 'custom', nameservers: ['ns1.example.net', 'not a host'] },
        'Enter a name server, e.g. ns1.example.net',
      ],
      [
        { use: 'custom', nameservers: ['ns1.example.net', 'NS1.example.net'] },
        'Give each name server once',
      ],
      [{ use: 'elsewhere' }, 'Choose our name servers or your own'],
    ] as const) {
      const refused = await call('PUT', `${base}/nameservers`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(error);
    }
    const own = await call('PUT', `${base}/nameservers`, {
      use: 'custom',
      nameservers: ['ns1.example.net', 'ns2.example.net'],
    });
    expect(own.json()).toEqual({
      nameservers: ['ns1.example.net', 'ns2.example.net'],
      ours: false,
      websiteHosting: false,
    });
    expect((await call('GET', `${base}/nameservers`)).json().ours).toBe(false);
    const stranger = await signUp(t.app);
    const theirs = await api(t, stranger.cookie)('PUT', `${base}/nameservers`, { use: 'ours' });
    expect(theirs.statusCode).toBe(404);
  });

  it('sets up Google Workspace, then Microsoft 365 mail, replacing the other MX and SPF records', async () => {
    const { cookie } = await customerWithDomain(t, 'botha-mail.co.za');
    const call = api(t, cookie);
    const base = '/api/user/domains/botha-mail.co.za';
    await call('POST', `${base}/records`, {
      type: 'MX',
      name: '@',
      content: 'mail.old-host.co.za',
      priority: 10,
    });
    await call('POST', `${base}/records`, { type: 'TXT', name: '@', content: 'v=spf1 a mx ~all' });
    await call('POST', `${base}/records`, { type: 'A', name: 'www', content: '196.22.132.10' });
    const shape = (
      records: { type: string; name: string; content: string; priority: number | null }[],
    ) =>
      records
        .map((r) =>
          `${r.type} ${r.name || '@'} ${r.priority ?? ''} ${r.content}`.replace('  ', ' '),
        )
        .sort();
    const google = await call('POST', `${base}/dns-templates/google-workspace`);
    expect(google.statusCode, google.body).toBe(200);
    expect(shape(google.json())).toEqual([
      'A www 196.22.132.10',
      'MX @ 1 smtp.google.com',
      'TXT @ v=spf1 include:_spf.google.com ~all',
    ]);
    // Twice is the same as once.
    expect(shape((await call('POST', `${base}/dns-templates/google-workspace`)).json())).toEqual(
      shape(google.json()),
    );
    const microsoft = await call('POST', `${base}/dns-templates/microsoft-365`);
    expect(shape(microsoft.json())).toEqual([
      'A www 196.22.132.10',
      'CNAME autodiscover autodiscover.outlook.com',
      'MX @ 0 botha-mail-co-za.mail.protection.outlook.com',
      'TXT @ v=spf1 include:spf.protection.outlook.com -all',
    ]);
    const unknown = await call('POST', `${base}/dns-templates/yahoo`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain(
      'Choose our website hosting, Google Workspace or Microsoft 365',
    );
    // This site hosts no websites (HOSTING_IPV4 unset): the website template is refused.
    const hosting = await call('POST', `${base}/dns-templates/our-hosting`);
    expect(hosting.statusCode).toBe(409);
    expect(hosting.json().error).toBe('Website hosting is not offered on this site yet');
  });

  it("never touches someone else's domain", async () => {
    await customerWithDomain(t, 'someone-else.co.za');
    const stranger = await signUp(t.app);
    const response = await api(t, stranger.cookie)(
      'GET',
      '/api/user/domains/someone-else.co.za/records',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('someone-else.co.za is not one of your active domains');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/user/domains/someone-else.co.za/records',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('customer DNS records through DNSimple', () => {
  let t: DnsimpleTestApp;
  beforeAll(async () => {
    t = await createDnsimpleTestApp();
  });
  afterAll(() => t.close());

  it('manages zone records and auto-renewal at the registrar', async () => {
    const { cookie } = await customerWithDomain(t, 'pieter-botha.com');
    const call = api(t, cookie);
    const base = '/api/user/domains/pieter-botha.com';
    const created = await call('POST', `${base}/records`, {
      type: 'TXT',
      name: '_dmarc',
      content: 'v=DMARC1; p=none',
    });
    expect(created.statusCode).toBe(201);
    expect((await call('GET', `${base}/records`)).json()).toEqual([
      expect.objectContaining({ type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=none' }),
    ]);
    expect((await call('DELETE', `${base}/records/${created.json().id}`)).statusCode).toBe(200);
    await call('PATCH', base, { autoRenew: false });
    expect(t.dnsimple.autoRenew.get('pieter-botha.com')).toBe(false);
    expect((await call('GET', `${base}/nameservers`)).json()).toEqual({
      nameservers: ['ns1.dnsimple.com', 'ns2.dnsimple-edge.net'],
      ours: true,
      websiteHosting: false,
    });
    // Delegated to the customer's own name servers, then back to DNSimple's.
    const own = await call('PUT', `${base}/nameservers`, {
      use: 'custom',
      nameservers: ['NS1.Afrihost.co.za.', 'ns2.afrihost.co.za'],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({
      nameservers: ['ns1.afrihost.co.za', 'ns2.afrihost.co.za'],
      ours: false,
      websiteHosting: false,
    });
    expect(t.dnsimple.calls).toContain(
      'PUT /v2/4242/registrar/domains/pieter-botha.com/delegation',
    );
    const back = await call('PUT', `${base}/nameservers`, { use: 'ours' });
    expect(back.json()).toEqual({
      nameservers: [
        'ns1.dnsimple.com',
        'ns2.dnsimple-edge.net',
        'ns3.dnsimple.com',
        'ns4.dnsimple-edge.org',
      ],
      ours: true,
      websiteHosting: false,
    });
    await t.app.registrar.renew('pieter-botha.com', 1);
    expect(t.dnsimple.calls).toContain('POST /v2/4242/registrar/domains/pieter-botha.com/renewals');
    t.dnsimple.failNext(429);
    const busy = await call('GET', `${base}/records`);
    expect(busy.statusCode).toBe(429);
  });
});
