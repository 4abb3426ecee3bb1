import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  Profile,
  ProfileUpdateInput,
} from '#shared/auth.schemas.ts';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/current-user.ts';

export const profileQueryOptions = queryOptions({
  queryKey: ['/api/user/profile'],
  queryFn: () => apiRequest<Profile>('GET', '/api/user/profile'),
});

export const useProfile = () => useQuery(profileQueryOptions);

/** A change to the profile also refreshes the signed-in user (name, e-mail). */
function useProfileMutation<Input>(method: string, url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Profile>(method, url, input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      void queryClient.invalidateQueries(userQueryOptions);
    },
  });
}

export const useUpdateProfile = () =>
  useProfileMutation<ProfileUpdateInput>('PATCH', '/api/user/profile');

export const useChangeEmail = () =>
  useProfileMutation<ChangeEmailInput>('POST', '/api/user/change-email');

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/user/change-password', input),
  });

export const useResendVerification = () =>
  useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/user/resend-verification'),
  });

/** Erases the account, then forgets everything cached about it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest<{ message: string }>('DELETE', '/api/user', input),
    onSuccess: () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== userQueryOptions.queryKey[0],
      });
      queryClient.setQueryData(userQueryOptions.queryKey, null);
    },
  });
}

/** Saves the POPIA export as a file the browser downloads. */
export async function downloadMyData(): Promise<void> {
  const response = await apiFetch('GET', '/api/user/export');
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'my-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
