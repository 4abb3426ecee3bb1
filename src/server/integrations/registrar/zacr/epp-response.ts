/**
 * An EPP answer read (RFC 5730 §2.6) and its result code explained (§3): 1xxx is done or under
 * way, 2xxx is a refusal, told as RegistrarError with the registry's own words.
 */
import { credentialsRefused, RegistrarError } from '../registrar.ts';
import { attr, child, children, childText, parseXml, text, type Parsed } from './epp-xml.ts';

export interface EppMessageQueue {
  count: number;
  id: string | undefined;
  date: Date | undefined;
  message: string | undefined;
}

export interface EppResponse {
  code: number;
  message: string;
  /** More words on a refusal: later results' messages and `<extValue><reason>`s. */
  reasons: string[];
  resData: Parsed | undefined;
  extension: Parsed | undefined;
  messageQueue: EppMessageQueue | undefined;
  clTRID: string | undefined;
  svTRID: string | undefined;
}

export interface EppGreeting {
  serverId: string;
  objURIs: string[];
  extURIs: string[];
}

/** Codes that end the session (RFC 5730: the server closes the connection after them). */
const sessionEnding = new Set([2500, 2501, 2502]);

/** A refusal of the registry with its EPP result code, for callers that tell them apart. */
export class EppError extends RegistrarError {
  readonly code: number;
  /** The session can no longer be used: a new connection must be made. */
  readonly sessionEnded: boolean;

  constructor(
    message: string,
    code: number,
    options: ConstructorParameters<typeof RegistrarError>[1],
  ) {
    super(message, options);
    this.code = code;
    this.sessionEnded = sessionEnding.has(code);
  }
}

export function readResponse(xml: string): EppResponse {
  const response = child(child(parseXml(xml), 'epp'), 'response');
  const results = children(response, 'result');
  const result = results[0];
  const code = Number(attr(result, 'code'));
  if (!response || !Number.isInteger(code)) {
    throw new RegistrarError('The domain registry sent an answer we could not read.', {
      transient: true,
      status: 502,
    });
  }
  const queue = child(response, 'msgQ');
  const trID = child(response, 'trID');
  return {
    code,
    message: (childText(result, 'msg') ?? '').trim(),
    // A refusal may carry several results; the first is the code, the rest are more words.
    reasons: results
      .flatMap((each, index) => [
        index > 0 ? childText(each, 'msg') : undefined,
        ...children(each, 'extValue').map((value) => childText(value, 'reason')),
      ])
      .map((reason) => reason?.trim())
      .filter((reason): reason is string => Boolean(reason)),
    resData: child(response, 'resData'),
    extension: child(response, 'extension'),
    messageQueue: queue
      ? {
          count: Number(attr(queue, 'count') ?? 0),
          id: attr(queue, 'id'),
          date: dateOf(childText(queue, 'qDate')),
          message: childText(queue, 'msg')?.trim(),
        }
      : undefined,
    clTRID: childText(trID, 'clTRID'),
    svTRID: childText(trID, 'svTRID'),
  };
}

/** The greeting (RFC 5730 §2.4), answered on connect and to every `<hello/>`. */
export function readGreeting(xml: string): EppGreeting | undefined {
  const greeting = child(child(parseXml(xml), 'epp'), 'greeting');
  if (!greeting) return undefined;
  const menu = child(greeting, 'svcMenu');
  return {
    serverId: childText(greeting, 'svID') ?? '',
    objURIs: children(menu, 'objURI').map((uri) => text(uri) ?? ''),
    extURIs: children(child(menu, 'svcExtension'), 'extURI').map((uri) => text(uri) ?? ''),
  };
}

export function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The registry's words for a refusal: its message and any reasons it gave. */
function words(response: EppResponse): string {
  return [response.message || 'no message', ...response.reasons].join('; ');
}

/** Our login refused: no number of tries fixes it, people must (as DNSimple's 401, 030). */
export function credentialsError(detail: string): EppError {
  return new EppError(
    `ZACR ${credentialsRefused} (${detail}): ZACR_EPP_USERNAME, ZACR_EPP_PASSWORD or the client certificate must be fixed`,
    2200,
    { transient: true, status: 503, waitFor: 'credentials' },
  );
}

/** Answers the response when its code says done or under way; otherwise throws EppError. */
export function expectSuccess(response: EppResponse): EppResponse {
  const { code } = response;
  if (code >= 1000 && code < 2000) return response;
  const refusal = `(EPP ${code}) ${words(response)}`;
  if (code === 2400 || code === 2500 || code === 2501 || code === 2502) {
    // The registry failed or closed the session: a new session may well succeed.
    throw new EppError(`The domain registry could not do it now: ${refusal}`, code, {
      transient: true,
      status: 503,
    });
  }
  if (code === 2201 || code === 2202) {
    throw new EppError(`ZACR refused us authorisation for this object: ${refusal}`, code, {
      transient: false,
      status: 502,
    });
  }
  // 2302 exists, 2303 does not exist, 2304 status prohibits, 2306 policy and the rest: the
  // registry's own words, for the admins' history; the same request fails the same way again.
  throw new EppError(`ZACR refused: ${refusal}`, code, { transient: false, status: 502 });
}
