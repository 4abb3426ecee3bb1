import { payfastFormSchema } from '#shared/payments.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/payments/test: a R5.00 order and the signed form that pays it (not on live sites). */
export const startTestPayment = () => apiRequest('POST', '/api/payments/test', payfastFormSchema);
