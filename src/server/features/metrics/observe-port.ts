import {
  integrationCalls,
  integrationErrors,
  type Integration,
  type IntegrationErrorKind,
} from './process-metrics.ts';

/** Which failures count, and as what: null for an outcome that is not the service failing. */
export type ClassifyError = (error: unknown) => IntegrationErrorKind | null;

/** Counts one call to an outside service, and its failure as `classify` sees it. */
export async function observeCall<T>(
  integration: Integration,
  operation: string,
  classify: ClassifyError,
  call: () => Promise<T>,
): Promise<T> {
  integrationCalls.inc({ integration, operation });
  try {
    return await call();
  } catch (error) {
    const kind = classify(error);
    if (kind) integrationErrors.inc({ integration, operation, kind });
    throw error;
  }
}

/**
 * The same port with every asynchronous method counted (calls, and failures as `classify` sees
 * them), labelled by method name: wrapping the port where it is made counts every caller, so no
 * call site has to remember to. Synchronous methods and other properties pass through.
 */
export function observePort<P extends object>(
  integration: Integration,
  port: P,
  classify: ClassifyError,
  prefix = '',
): P {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(port, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      let wrapper = wrapped.get(property);
      if (!wrapper) {
        const operation = `${prefix}${property}`;
        wrapper = (...args: unknown[]): unknown => {
          const result: unknown = Reflect.apply(value, target, args);
          if (!(result instanceof Promise)) return result;
          return observeCall(integration, operation, classify, () => result);
        };
        wrapped.set(property, wrapper);
      }
      return wrapper;
    },
  });
}
