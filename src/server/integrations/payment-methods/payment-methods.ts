import type { Config } from '../../config.ts';
import { createEftMethod } from '../eft/eft-method.ts';
import { createPayfastMethod } from '../payfast/payfast-method.ts';
import {
  notifies,
  type NotifyingPaymentMethod,
  type PaymentMethod,
  type PaymentMethodId,
} from './payment-method.ts';

export type PaymentMethods = Partial<Record<PaymentMethodId, PaymentMethod>>;
type MethodsConfig = Pick<Config, 'payfast' | 'eft'>;

const built = new WeakMap<Config['payfast'], PaymentMethods>();

/**
 * The ways to pay this configuration offers, by id (built once per configuration): cards always,
 * bank transfers when an account is configured (or test details outside live mode).
 */
export function paymentMethods(config: MethodsConfig): PaymentMethods {
  let methods = built.get(config.payfast);
  if (!methods) {
    methods = {
      payfast: createPayfastMethod(config.payfast),
      ...(config.eft ? { eft: createEftMethod(config.eft) } : {}),
    };
    built.set(config.payfast, methods);
  }
  return methods;
}

/** The method a stored payment names; one the code does not know is a bug, not a user error. */
export function paymentMethod(config: MethodsConfig, id: string): PaymentMethod {
  const method = (paymentMethods(config) as Record<string, PaymentMethod | undefined>)[id];
  if (!method) throw new Error(`unknown payment method "${id}"`);
  return method;
}

/** A method whose notifications we read; asking it of one that sends none is a bug. */
export function notifyingMethod(config: MethodsConfig, id: string): NotifyingPaymentMethod {
  const method = paymentMethod(config, id);
  if (!notifies(method)) throw new Error(`payment method "${id}" sends no notifications`);
  return method;
}
