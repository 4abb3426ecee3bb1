import {
  adminTicketSchema,
  type AdminTicket,
  type TicketUpdateInput,
} from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminTicketQueryOptions } from './get-admin-ticket.ts';
import { adminTicketsQueryKey } from './get-admin-tickets.ts';

interface TicketUpdate {
  reference: string;
  change: TicketUpdateInput;
}

/** PATCH /api/admin/tickets/{reference}: a new state and/or assignee. */
export const updateAdminTicket = ({ reference, change }: TicketUpdate) =>
  apiRequest(
    'PATCH',
    `/api/admin/tickets/${encodeURIComponent(reference)}`,
    adminTicketSchema,
    change,
  );

export const useUpdateAdminTicket = (mutationConfig?: MutationConfig<AdminTicket, TicketUpdate>) =>
  useEndpointMutation(updateAdminTicket, mutationConfig, (queryClient, ticket) => {
    queryClient.setQueryData(adminTicketQueryOptions(ticket.reference).queryKey, ticket);
    void queryClient.invalidateQueries({ queryKey: adminTicketsQueryKey });
  });
