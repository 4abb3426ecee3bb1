import type { Config } from '../../config.ts';
import { createPayfastMethod } from '../payfast/payfast-method.ts';
import type { PaymentMethod, PaymentMethodId } from './payment-method.ts';

export type PaymentMethods = Record<PaymentMethodId, PaymentMethod>;

const built = new WeakMap<Config['payfast'], PaymentMethods>();

/** The ways to pay this configuration offers, by id (built once per configuration). */
export function paymentMethods(config: Pick<Config, 'payfast'>): PaymentMethods {
  let methods = built.get(config.payfast);
  if (!methods) {
    methods = { payfast: createPayfastMethod(config.payfast) };
    built.set(config.payfast, methods);
  }
  return methods;
}

/** The method a stored payment names; one the code does not know is a bug, not a user error. */
export function paymentMethod(config: Pick<Config, 'payfast'>, id: string): PaymentMethod {
  const method = (paymentMethods(config) as Record<string, PaymentMethod | undefined>)[id];
  if (!method) throw new Error(`unknown payment method "${id}"`);
  return method;
}
