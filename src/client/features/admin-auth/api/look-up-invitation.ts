import { useQuery } from '@tanstack/react-query';
import { invitationSummarySchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/invitations/lookup: whom an invitation link is for (the token stays out of URLs). */
export const lookUpInvitation = (token: string) =>
  apiRequest('POST', '/api/admin/invitations/lookup', invitationSummarySchema, { token });

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['/api/admin/invitations/lookup', token] as const,
    queryFn: () => lookUpInvitation(token),
    enabled: token !== '',
    retry: false,
  });
