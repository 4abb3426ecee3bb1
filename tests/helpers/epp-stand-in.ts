/**
 * An EPP server over TLS on 127.0.0.1 that requires a client certificate (RFC 5734), answering
 * with the published examples in tests/fixtures/epp. Tests replace an answer per command, hold
 * one back (a timeout) or drop the connections.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import { attr, child, parseXml, type Parsed } from '#server/integrations/registrar/zacr/epp-xml.ts';
import { encodeFrame, FrameReader } from '#server/integrations/registrar/zacr/epp-frame.ts';
import type { EppCertificates } from './epp-certificates.ts';

const fixtures = new URL('../fixtures/epp/', import.meta.url);
export const eppFixture = (name: string) => readFileSync(new URL(name, fixtures), 'utf8');

export interface EppRequest {
  xml: string;
  /** `login`, `hello`, `check`, `info`, `poll`, … */
  verb: string;
  /** `domain` or `contact` for object commands. */
  object: string | undefined;
  /** The `op` of transfer and poll. */
  op: string | undefined;
  clTRID: string | undefined;
  command: Parsed | undefined;
}

/** An answer's XML, `null` to never answer, or `drop` to close the connection instead. */
export type EppAnswer = string | null | 'drop';
type Handler = (request: EppRequest) => EppAnswer;

const defaults: Record<string, string> = {
  login: 'rfc5730-login-response.xml',
  logout: 'rfc5730-logout-response.xml',
  'check:domain': 'rfc5731-check-response.xml',
  'info:domain': 'rfc5731-info-response.xml',
  'info:contact': 'rfc5733-info-response.xml',
  'create:domain': 'rfc5731-create-response.xml',
  'create:contact': 'rfc5733-create-response.xml',
  'renew:domain': 'rfc5731-renew-response.xml',
  'transfer:domain:request': 'rfc5731-transfer-request-response.xml',
  'transfer:domain:query': 'rfc5731-transfer-query-response.xml',
  'update:domain': 'rfc5731-ok-response.xml',
  'delete:domain': 'rfc5731-ok-response.xml',
};

/** The answer with the request's clTRID, as a server echoes it. */
function echoTrid(xml: string, clTRID: string | undefined): string {
  if (!clTRID) return xml;
  return xml.replace(/<((?:\w+:)?clTRID)>[^<]*<\/\1>/, (_all, tag: string) => {
    return `<${tag}>${clTRID}</${tag}>`;
  });
}

function describe(xml: string): EppRequest {
  const epp = child(parseXml(xml), 'epp');
  const command = child(epp, 'command');
  if (!command) {
    return {
      xml,
      verb: child(epp, 'hello') ? 'hello' : 'unknown',
      object: undefined,
      op: undefined,
      clTRID: undefined,
      command: undefined,
    };
  }
  const verb = Object.keys(command).find((key) => !['clTRID', 'extension'].includes(key)) ?? '';
  return {
    xml,
    verb,
    object: /<(domain|contact|host):[a-z]+[\s>]/.exec(xml)?.[1],
    op: attr(command[verb], 'op'),
    clTRID: typeof command['clTRID'] === 'string' ? command['clTRID'] : undefined,
    command,
  };
}

export class EppStandIn {
  readonly requests: EppRequest[] = [];
  /** Messages queued for `poll`, oldest first (fixture names or XML). */
  readonly pollQueue: string[] = [];
  connections = 0;
  private readonly handlers = new Map<string, Handler>();
  private readonly sockets = new Set<TLSSocket>();

  private readonly server: Server;
  readonly port: number;

  private constructor(server: Server, port: number) {
    this.server = server;
    this.port = port;
  }

  static async start(certs: EppCertificates): Promise<EppStandIn> {
    const server = createServer({
      cert: readFileSync(certs.serverCertFile),
      key: readFileSync(certs.serverKeyFile),
      ca: readFileSync(certs.caFile),
      requestCert: true,
      rejectUnauthorized: true,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const standIn = new EppStandIn(server, (server.address() as { port: number }).port);
    server.on('secureConnection', (socket) => standIn.serve(socket));
    return standIn;
  }

  /** Answers `key` (`login`, `info:domain`, `transfer:domain:query`, `poll:req`, …) so. */
  on(key: string, handler: Handler | string): this {
    this.handlers.set(key, typeof handler === 'string' ? () => handler : handler);
    return this;
  }

  /** Forgets the commands received, the answers set and the queued messages. */
  reset(): void {
    this.requests.length = 0;
    this.pollQueue.length = 0;
    this.connections = 0;
    this.handlers.clear();
  }

  /** The commands received with this verb (and object). */
  sent(verb: string, object?: string): EppRequest[] {
    return this.requests.filter((r) => r.verb === verb && (!object || r.object === object));
  }

  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: TLSSocket): void {
    this.connections += 1;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.write(encodeFrame(eppFixture('rfc5730-greeting.xml')));
    const reader = new FrameReader();
    socket.on('data', (chunk: Buffer) => {
      for (const xml of reader.push(chunk)) {
        const request = describe(xml);
        this.requests.push(request);
        const answer = this.answer(request);
        if (answer === 'drop') socket.destroy();
        else if (answer !== null) socket.write(encodeFrame(echoTrid(answer, request.clTRID)));
        if (request.verb === 'logout') socket.end();
      }
    });
  }

  private answer(request: EppRequest): EppAnswer {
    const keys = [
      `${request.verb}:${request.object}:${request.op}`,
      `${request.verb}:${request.op}`,
      `${request.verb}:${request.object}`,
      request.verb,
    ];
    for (const key of keys) {
      const handler = this.handlers.get(key);
      if (handler) return handler(request);
    }
    if (request.verb === 'hello') return eppFixture('rfc5730-greeting.xml');
    if (request.verb === 'poll') return this.poll(request.op);
    const fixture = keys.map((key) => defaults[key]).find(Boolean);
    return fixture ? eppFixture(fixture) : eppFixture('rfc5730-error-response.xml');
  }

  private poll(op: string | undefined): string {
    if (op === 'ack') {
      this.pollQueue.shift();
      return eppFixture('rfc5730-poll-ack-response.xml');
    }
    const next = this.pollQueue[0];
    if (!next) return eppFixture('rfc5730-poll-empty-response.xml');
    return next.startsWith('<') ? next : eppFixture(next);
  }
}
