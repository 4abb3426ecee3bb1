import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * A registrar failure as the customer's answer: a rate limit is a 429 with the registrar's own
 * reset time as `Retry-After` (so nobody asks again before it can help); anything else a 503. Our
 * refused credentials are the owners' business, not the customer's: a plain "unavailable".
 */
export function registrarAppError(error: RegistrarError, now = Date.now()): AppError {
  if (error.status === 429) {
    const seconds = error.retryAt ? Math.ceil((error.retryAt.getTime() - now) / 1000) : 60;
    return new AppError('RATE_LIMITED', {
      message: error.message,
      retryAfterSeconds: Math.max(1, seconds),
    });
  }
  return new AppError('SERVICE_UNAVAILABLE', {
    message:
      error.waitFor === 'credentials'
        ? 'The domain registrar is unavailable right now. Please try again later.'
        : error.message,
  });
}

/** Runs `work`, turning a registrar failure into the customer's answer. */
export async function throughRegistrar<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RegistrarError) throw registrarAppError(error);
    throw error;
  }
}
