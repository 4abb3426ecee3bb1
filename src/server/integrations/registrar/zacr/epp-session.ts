/**
 * An EPP session (RFC 5730 §2): greeting on connect, login with the services the greeting
 * offers, one command at a time, `<hello/>` while idle so the server keeps us, logout on close,
 * and a new connection (and login) after a dropped one.
 */
import { randomBytes } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import { RegistrarError } from '../registrar.ts';
import { EppConnection, EppTimeoutError } from './epp-connection.ts';
import {
  credentialsError,
  EppError,
  expectSuccess,
  readGreeting,
  readResponse,
  type EppGreeting,
  type EppResponse,
} from './epp-response.ts';
import { commandDocument, eppDocument } from './epp-xml.ts';

export interface EppTimeouts {
  /** TCP + TLS handshake. */
  connect: number;
  /** Each command's answer (the greeting and login included). */
  command: number;
}

export interface EppSessionOptions {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The client certificate, its key and the CA to trust; read at every connect. */
  tls: () => Promise<Pick<ConnectionOptions, 'cert' | 'key' | 'ca'>>;
  timeouts: EppTimeouts;
  /** A `<hello/>` after this much idle time keeps the session open. */
  keepAliveMs: number;
}

/** TLS alerts from the server's handshake: our client certificate was refused. */
const certificateRefused = /ALERT|CERTIFICATE/i;

export class EppSession {
  private connection: EppConnection | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly prefix = randomBytes(3).toString('hex');
  private counter = 0;
  private lastUsed = 0;
  private readonly keepAlive: NodeJS.Timeout;
  /** What the server offered at the last connect. */
  greeting: EppGreeting | undefined;

  private readonly options: EppSessionOptions;

  constructor(options: EppSessionOptions) {
    this.options = options;
    this.keepAlive = setInterval(() => this.helloWhenIdle(), options.keepAliveMs);
    this.keepAlive.unref();
  }

  /** Sends one command, built around its clTRID; answers 1xxx, throws EppError for 2xxx. */
  command(build: (clTRID: string) => string): Promise<EppResponse> {
    return this.serial(() => this.exchange(build));
  }

  /** Logs out and closes; a later command connects again. */
  close(): Promise<void> {
    clearInterval(this.keepAlive);
    return this.serial(async () => {
      const connection = this.connection;
      this.connection = undefined;
      if (!connection?.alive) return;
      try {
        connection.send(commandDocument({ logout: '' }, this.nextTrid()));
        await connection.next(this.options.timeouts.command);
      } catch {
        // Closing anyway: a logout nobody answers changes nothing.
      } finally {
        connection.end();
      }
    });
  }

  /** One at a time: EPP answers in order, and a session runs one command at once. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private nextTrid(): string {
    this.counter += 1;
    // 3 to 64 characters, unique per command (ZACR's rule for clTRID).
    return `sebenza-${this.prefix}-${Date.now().toString(36)}-${this.counter}`;
  }

  private async exchange(build: (clTRID: string) => string): Promise<EppResponse> {
    const connection = await this.connected();
    const clTRID = this.nextTrid();
    const response = await this.roundTrip(connection, build(clTRID));
    try {
      return expectSuccess(response);
    } catch (error) {
      if (error instanceof EppError && error.sessionEnded) this.drop(connection);
      throw error;
    }
  }

  private async roundTrip(connection: EppConnection, xml: string): Promise<EppResponse> {
    try {
      connection.send(xml);
      const answer = await connection.next(this.options.timeouts.command);
      this.lastUsed = Date.now();
      return readResponse(answer);
    } catch (error) {
      // A late answer would be taken for the next command's: this connection is done.
      if (!(error instanceof RegistrarError)) this.drop(connection);
      throw explainTransport(error);
    }
  }

  private drop(connection: EppConnection): void {
    connection.destroy();
    if (this.connection === connection) this.connection = undefined;
  }

  private async connected(): Promise<EppConnection> {
    if (this.connection?.alive) return this.connection;
    this.connection = undefined;
    const { host, port, timeouts } = this.options;
    let connection: EppConnection;
    try {
      const keys = await this.options.tls();
      connection = await EppConnection.open(
        { host, port, servername: isIpAddress(host) ? undefined : host, ...keys },
        timeouts.connect,
      );
    } catch (error) {
      throw explainTransport(error);
    }
    try {
      const greeting = readGreeting(await connection.next(timeouts.command));
      if (!greeting) throw new Error('The EPP server did not greet');
      this.greeting = greeting;
      await this.login(connection, greeting);
    } catch (error) {
      connection.destroy();
      throw explainTransport(error);
    }
    this.connection = connection;
    return connection;
  }

  private async login(connection: EppConnection, greeting: EppGreeting): Promise<void> {
    const { username, password } = this.options;
    const login = commandDocument(
      {
        login: {
          clID: username,
          pw: password,
          options: { version: '1.0', lang: 'en' },
          svcs: {
            objURI: greeting.objURIs,
            ...(greeting.extURIs.length ? { svcExtension: { extURI: greeting.extURIs } } : {}),
          },
        },
      },
      this.nextTrid(),
    );
    const response = await this.roundTrip(connection, login);
    // 2200 (authentication error) and 2501 (authentication error; closing): our credentials.
    if (response.code === 2200 || response.code === 2501) {
      throw credentialsError(`EPP ${response.code}: ${response.message}`);
    }
    expectSuccess(response);
  }

  private helloWhenIdle(): void {
    const connection = this.connection;
    if (!connection?.alive || Date.now() - this.lastUsed < this.options.keepAliveMs) return;
    void this.serial(async () => {
      if (this.connection !== connection || !connection.alive) return;
      try {
        connection.send(eppDocument({ hello: '' }));
        const greeting = readGreeting(await connection.next(this.options.timeouts.command));
        if (!greeting) throw new Error('hello not answered with a greeting');
        this.lastUsed = Date.now();
      } catch {
        // The next command connects again.
        this.drop(connection);
      }
    });
  }
}

function isIpAddress(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/** Network, TLS and timeout failures as RegistrarError; registry refusals pass unchanged. */
function explainTransport(error: unknown): RegistrarError {
  if (error instanceof RegistrarError) return error;
  if (error instanceof EppTimeoutError) {
    return new RegistrarError('The domain registry did not answer in time. Please try again.', {
      transient: true,
      status: 504,
    });
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_SSL') && certificateRefused.test(code)) {
    return credentialsError(`TLS: ${code}`);
  }
  return new RegistrarError('The domain registry could not be reached. Please try again.', {
    transient: true,
    status: 503,
  });
}
