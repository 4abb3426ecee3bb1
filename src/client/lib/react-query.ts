import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';

/**
 * A query hook's own options (polling, retries, …) beside those of its `queryOptions` factory,
 * which alone sets the key and the fetcher.
 */
export type QueryConfig<Factory extends (...args: never[]) => object> = Partial<
  Omit<ReturnType<Factory>, 'queryKey' | 'queryFn'>
>;

/** A mutation hook's own options (callbacks, …); the fetcher comes from its endpoint file. */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

/**
 * The mutation of one endpoint: `fetcher` makes the call; on success `updateCache` brings the
 * cached queries the change touched up to date, then the caller's own `onSuccess` runs.
 */
export function useEndpointMutation<TData, TVariables>(
  fetcher: (variables: TVariables) => Promise<TData>,
  config: MutationConfig<TData, TVariables> = {},
  updateCache?: (queryClient: QueryClient, data: TData, variables: TVariables) => void,
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: fetcher,
    onSuccess: (data, variables, onMutateResult, context) => {
      updateCache?.(queryClient, data, variables);
      return onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
