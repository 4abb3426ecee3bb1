import { ticketSchema, type Ticket } from '#shared/tickets.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myTicketQueryOptions } from './get-my-ticket.ts';

interface Variables {
  reference: string;
  file: File;
}

/** POST /api/tickets/{reference}/attachments: a file for the ticket (its bytes as the body). */
export const attachToTicket = ({ reference, file }: Variables) =>
  apiRequest(
    'POST',
    withQuery(`/api/tickets/${encodeURIComponent(reference)}/attachments`, { filename: file.name }),
    ticketSchema,
    file,
  );

export const useAttachToTicket = (mutationConfig?: MutationConfig<Ticket, Variables>) =>
  useEndpointMutation(attachToTicket, mutationConfig, (queryClient, ticket) => {
    queryClient.setQueryData(myTicketQueryOptions(ticket.reference).queryKey, ticket);
  });

/** GET /api/tickets/{reference}/attachments/{id}: one of the ticket's files, as a download. */
export const ticketAttachmentUrl = (reference: string, fileId: string) =>
  `/api/tickets/${encodeURIComponent(reference)}/attachments/${encodeURIComponent(fileId)}`;
