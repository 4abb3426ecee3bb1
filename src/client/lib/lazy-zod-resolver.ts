import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema; forms call it when a visitor first focuses a field. */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose zod schema loads on first use. zod and the schemas are about
 * 140 KB of script; on the public pages' forms they would be evaluated while the page hydrates,
 * the main thread's busiest moment, for a form most visitors never touch. Made once per form, at
 * module level, so every render passes the same resolver. A failed load is tried again on the
 * next validation instead of being remembered.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
