import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-instance.ts';
import { AppError } from './errors.ts';

/** Deeper JSON than any payload of this API: refused before it is parsed. */
export const maxJsonDepth = 32;

/** The deepest nesting of objects and arrays in a JSON text, counted without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** In a `u` regex a well-formed pair is one code point, so only a lone half is in category Cs. */
const loneSurrogate = /\p{Cs}/u;

/**
 * Whether a string can be stored and shown: no NUL (PostgreSQL refuses it in text and JSON) and
 * no half of a surrogate pair (not valid Unicode; it cannot be encoded as UTF-8).
 */
export const isStorableText = (text: string) =>
  !text.includes('\u0000') && !loneSurrogate.test(text);

function findUnstorable(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, `${path}.${index}`);
      if (found) return found;
    }
    return null;
  }
  // An uploaded file's bytes are the route's to judge, not text to scan.
  if (Buffer.isBuffer(value)) return null;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path;
      const found = findUnstorable(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

const unstorable = (where: string) =>
  new AppError('VALIDATION_ERROR', {
    message: `${where} contains a character that is not allowed (a NUL byte or half of a surrogate pair)`,
  });

/**
 * Bad input handled once, for every route: JSON nested deeper than `maxJsonDepth` and any string
 * (body, query, path, header-free) with a NUL byte or an unpaired surrogate answer 400 before a
 * route sees them.
 */
export function registerInputGuard(app: AppInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = body.toString();
      if (jsonDepth(text) > maxJsonDepth) {
        done(
          new AppError('VALIDATION_ERROR', {
            message: `The JSON body is nested too deeply (more than ${maxJsonDepth} levels)`,
          }),
        );
        return;
      }
      parseJson(request, text, done);
    },
  );
  app.addHook('preValidation', async (request) => {
    for (const [part, label] of [
      ['params', 'The address'],
      ['query', 'The query string'],
      ['body', 'The request body'],
    ] as const) {
      const found = findUnstorable(request[part], '');
      if (found !== null) throw unstorable(found ? `${label} (${found})` : label);
    }
  });
}
