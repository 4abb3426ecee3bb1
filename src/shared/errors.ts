import { z } from 'zod';

/** Stable machine codes and the HTTP status each one answers with. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  NAME_TOO_SHORT: 400,
  INVALID_TOKEN: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TWO_FACTOR_REQUIRED: 401,
  INVALID_TWO_FACTOR_CODE: 401,
  ACCOUNT_DISABLED: 401,
  FORBIDDEN: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  /** The request arrived too slowly and the server cut it off (plugins/server-timeouts.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  EMAIL_ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A status some error of this API answers with (415: a body that is neither JSON nor a form). */
export type ErrorStatus = (typeof errorStatus)[ErrorCode] | 415;

/**
 * What any state-changing call (POST, PUT, PATCH, DELETE) can be refused with before its route
 * runs: an unreadable body (400), a call from another site (403), a body too large (413), or one
 * that is neither JSON nor a form (415).
 */
export const stateChangeErrors = [400, 403, 413, 415] as const satisfies ErrorStatus[];

/**
 * The response schemas of a route's error statuses, for `schema.response`: every one answers
 * `{ error, code, issues? }`. 500 and 503 (the database unreachable) are always among them,
 * since any route can fail.
 */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S | 500 | 503, typeof apiErrorSchema> {
  const entries = [...statuses, 500, 503].map((status) => [status, apiErrorSchema] as const);
  return Object.fromEntries(entries) as Record<S | 500 | 503, typeof apiErrorSchema>;
}

/**
 * Validation messages that carry their own code, so a client can match either (SPEC §5): the
 * error handler answers with this code when one of these is among the issues.
 */
export const issueCodes: Record<string, ErrorCode> = {
  'Name must be at least 2 characters': 'NAME_TOO_SHORT',
};
