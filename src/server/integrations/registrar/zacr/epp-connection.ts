/**
 * One TLS connection to an EPP server: data units written and read in order (RFC 5734), each
 * read with a timeout. A closed or failed connection fails every read after it.
 */
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { encodeFrame, FrameReader } from './epp-frame.ts';

export class EppTimeoutError extends Error {
  override readonly name = 'EppTimeoutError';
}

export class EppConnection {
  private readonly frames: string[] = [];
  private waiter: { resolve: (xml: string) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;
  private readonly socket: TLSSocket;

  private constructor(socket: TLSSocket) {
    this.socket = socket;
    const reader = new FrameReader();
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) this.deliver(frame);
      } catch (error) {
        // A length header out of range: the stream is out of step and cannot be trusted again.
        this.fail(error as Error);
        socket.destroy();
      }
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('The EPP server closed the connection')));
  }

  /** Opens the connection; the TLS handshake (client certificate included) within `timeoutMs`. */
  static open(options: ConnectionOptions, timeoutMs: number): Promise<EppConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(options);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new EppTimeoutError(`No TLS connection within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('secureConnect', () => {
        clearTimeout(timer);
        socket.removeListener('error', onError);
        resolve(new EppConnection(socket));
      });
      const onError = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      socket.once('error', onError);
    });
  }

  get alive(): boolean {
    return !this.failure && !this.socket.destroyed;
  }

  send(xml: string): void {
    if (this.failure) throw this.failure;
    this.socket.write(encodeFrame(xml));
  }

  /** The next data unit from the server, within `timeoutMs`. */
  next(timeoutMs: number): Promise<string> {
    const ready = this.frames.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new EppTimeoutError(`No EPP answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        resolve: (xml) => {
          clearTimeout(timer);
          resolve(xml);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  /** Closes politely (after what was written is sent). */
  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private deliver(frame: string): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) waiter.resolve(frame);
    else this.frames.push(frame);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(this.failure);
  }
}
