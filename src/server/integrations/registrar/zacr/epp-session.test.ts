import { readFileSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeEppCertificates,
  type EppCertificates,
} from '../../../../../tests/helpers/epp-certificates.ts';
import { eppFixture, EppStandIn } from '../../../../../tests/helpers/epp-stand-in.ts';
import { credentialsRefused, RegistrarError } from '../registrar.ts';
import { domainInfo, readInfo } from './domain-commands.ts';
import { EppSession, type EppSessionOptions } from './epp-session.ts';
import { drainPoll } from './poll.ts';

let certs: EppCertificates;
let standIn: EppStandIn;
const sessions: EppSession[] = [];

beforeAll(async () => {
  certs = makeEppCertificates();
  standIn = await EppStandIn.start(certs);
});
afterAll(async () => {
  await standIn.close();
  rmSync(certs.dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

function open(
  options: Partial<EppSessionOptions> = {},
  client = { cert: certs.clientCertFile, key: certs.clientKeyFile },
) {
  const session = new EppSession({
    host: '127.0.0.1',
    port: standIn.port,
    username: 'ClientX',
    password: 'foo-BAR2',
    tls: async () => ({
      cert: readFileSync(client.cert),
      key: readFileSync(client.key),
      ca: readFileSync(certs.caFile),
    }),
    timeouts: { connect: 5_000, command: 2_000 },
    keepAliveMs: 60_000,
    ...options,
  });
  sessions.push(session);
  return session;
}

const fresh = (setup?: (s: EppStandIn) => void) => {
  standIn.reset();
  setup?.(standIn);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failureOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as RegistrarError,
  );

describe('EPP session over TLS with a client certificate', () => {
  it('logs in after the greeting with the services the greeting offers', async () => {
    fresh();
    const session = open();
    const info = readInfo(await session.command(domainInfo('example.com')));
    expect(info.name).toBe('example.com');
    const [login] = standIn.sent('login');
    expect(login).toBeDefined();
    expect(login!.xml).toContain('<clID>ClientX</clID>');
    expect(login!.xml).toContain('<pw>foo-BAR2</pw>');
    expect(login!.xml).toContain('<objURI>urn:ietf:params:xml:ns:obj1</objURI>');
    expect(login!.xml).toContain(
      '<svcExtension><extURI>http://custom/obj1ext-1.0</extURI></svcExtension>',
    );
    expect(standIn.requests.map((r) => r.verb)).toEqual(['login', 'info']);
  });

  it('runs one command at a time, each with its own clTRID, each answer to its command', async () => {
    fresh();
    const session = open();
    const answers = await Promise.all(
      ['a.co.za', 'b.co.za', 'c.co.za'].map((name) => session.command(domainInfo(name))),
    );
    const sent = standIn.sent('info');
    expect(sent.map((r) => /<domain:name[^>]*>([^<]+)</.exec(r.xml)?.[1])).toEqual([
      'a.co.za',
      'b.co.za',
      'c.co.za',
    ]);
    expect(new Set(sent.map((r) => r.clTRID)).size).toBe(3);
    expect(answers.map((a) => a.clTRID)).toEqual(sent.map((r) => r.clTRID));
    for (const trid of sent.map((r) => r.clTRID!)) expect(trid.length).toBeLessThanOrEqual(64);
  });

  it('says hello while idle, and not while busy', async () => {
    fresh();
    const session = open({ keepAliveMs: 100 });
    await session.command(domainInfo('example.com'));
    await sleep(450);
    expect(standIn.sent('hello').length).toBeGreaterThanOrEqual(2);
    expect(standIn.connections).toBe(1);
  });

  it('connects and logs in again after the server dropped the connection', async () => {
    fresh();
    const session = open();
    await session.command(domainInfo('example.com'));
    standIn.dropConnections();
    await sleep(100);
    expect(readInfo(await session.command(domainInfo('example.com'))).roid).toBe('EXAMPLE1-REP');
    expect(standIn.connections).toBe(2);
    expect(standIn.sent('login')).toHaveLength(2);
  });

  it('logs out on close', async () => {
    fresh();
    const session = open();
    await session.command(domainInfo('example.com'));
    await session.close();
    expect(standIn.requests.at(-1)?.verb).toBe('logout');
  });

  it('gives up on an unanswered command (transient), and the next one uses a new connection', async () => {
    fresh((s) =>
      s.on('info:domain', (request) =>
        request.xml.includes('slow.co.za') ? null : eppFixture('rfc5731-info-response.xml'),
      ),
    );
    const session = open({ timeouts: { connect: 5_000, command: 300 } });
    const error = await failureOf(session.command(domainInfo('slow.co.za')));
    expect(error).toBeInstanceOf(RegistrarError);
    expect(error.transient).toBe(true);
    expect(error.status).toBe(504);
    await session.command(domainInfo('example.com'));
    expect(standIn.connections).toBe(2);
  });

  it('a session-ending answer (2502) is transient and the next command logs in again', async () => {
    let ended = false;
    fresh((s) =>
      s.on('info:domain', () => {
        if (ended) return eppFixture('rfc5731-info-response.xml');
        ended = true;
        return eppFixture('rfc5730-logout-response.xml').replace('code="1500"', 'code="2502"');
      }),
    );
    const session = open();
    const error = await failureOf(session.command(domainInfo('example.com')));
    expect(error.transient).toBe(true);
    await session.command(domainInfo('example.com'));
    expect(standIn.sent('login')).toHaveLength(2);
  });

  it('a refused login (2501) waits for people to fix the credentials', async () => {
    fresh((s) => s.on('login', eppFixture('zacr-login-refused-response.xml')));
    const error = await failureOf(open().command(domainInfo('example.com')));
    expect(error.waitFor).toBe('credentials');
    expect(error.transient).toBe(true);
    expect(error.message).toContain(credentialsRefused);
    expect(error.message).toContain('Incorrect Credentials');
    expect(standIn.sent('info')).toHaveLength(0);
  });

  it('a client certificate the registry does not trust gets no session', async () => {
    fresh();
    const session = open({}, { cert: certs.strangerCertFile, key: certs.strangerKeyFile });
    const error = await failureOf(session.command(domainInfo('example.com')));
    // Node's TLS server closes without an alert (OpenSSL servers send one, which is taken for
    // our credentials): all the client sees is a closed connection, worth another try.
    expect(error).toBeInstanceOf(RegistrarError);
    expect(error.transient).toBe(true);
    expect(standIn.requests).toHaveLength(0);
  });

  it('reads the poll queue and acknowledges each message', async () => {
    fresh();
    standIn.pollQueue.push(
      'rfc5730-poll-transfer-response.xml',
      'rfc5731-poll-pending-action-response.xml',
    );
    const messages = await drainPoll(open());
    expect(messages.map((m) => m.message)).toEqual([
      'Transfer requested.',
      'Pending action completed successfully.',
    ]);
    expect(standIn.sent('poll').map((r) => r.op)).toEqual(['req', 'ack', 'req', 'ack', 'req']);
    expect(standIn.sent('poll')[1]!.xml).toContain('msgID="12345"');
    expect(standIn.pollQueue).toHaveLength(0);
  });
});
