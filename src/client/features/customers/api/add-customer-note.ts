import { z } from 'zod';
import {
  customerNoteSchema,
  type CustomerNote,
  type CustomerNoteInput,
} from '#shared/admin-customers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { customerQueryOptions } from './get-customer.ts';

interface NoteInput {
  id: string;
  note: CustomerNoteInput;
}

/** POST /api/admin/customers/{id}/notes: the answer is every note on the customer. */
export const addCustomerNote = ({ id, note }: NoteInput) =>
  apiRequest(
    'POST',
    `/api/admin/customers/${encodeURIComponent(id)}/notes`,
    z.array(customerNoteSchema),
    note,
  );

export const useAddCustomerNote = (config?: MutationConfig<CustomerNote[], NoteInput>) =>
  useEndpointMutation(addCustomerNote, config, (queryClient, _notes, { id }) => {
    void queryClient.invalidateQueries({ queryKey: customerQueryOptions(id).queryKey });
  });
