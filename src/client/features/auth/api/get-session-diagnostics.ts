import { sessionDiagnosticsSchema } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/session-diagnostics: the session cookie is HttpOnly, so only the server can say. */
export const getSessionDiagnostics = () =>
  apiRequest('GET', '/api/session-diagnostics', sessionDiagnosticsSchema);
