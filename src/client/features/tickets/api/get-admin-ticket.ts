import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTicketSchema } from '#shared/tickets.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/tickets/{reference}: a ticket with every message, internal notes included. */
export const getAdminTicket = (reference: string) =>
  apiRequest('GET', `/api/admin/tickets/${encodeURIComponent(reference)}`, adminTicketSchema);

export const adminTicketQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/admin/tickets/', reference],
    queryFn: () => getAdminTicket(reference),
  });

export const useAdminTicket = (reference: string) => useQuery(adminTicketQueryOptions(reference));

/** GET /api/admin/tickets/{reference}/attachments/{id}: a ticket's file, as a download. */
export const adminTicketAttachmentUrl = (reference: string, fileId: string) =>
  `/api/admin/tickets/${encodeURIComponent(reference)}/attachments/${encodeURIComponent(fileId)}`;
