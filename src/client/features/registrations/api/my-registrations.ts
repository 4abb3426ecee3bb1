import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  registrationCaseSchema,
  registrationSummarySchema,
  type CustomerDocumentPurpose,
  type RegistrationCase,
} from '#shared/registrations.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const path = (reference: string) => `/api/registrations/${encodeURIComponent(reference)}`;

/** GET /api/registrations: the customer's company registrations, most recently active first. */
export const myRegistrationsQueryKey = ['/api/registrations'];
export const useMyRegistrations = () =>
  useQuery({
    queryKey: myRegistrationsQueryKey,
    queryFn: () => apiRequest('GET', '/api/registrations', z.array(registrationSummarySchema)),
  });

/** GET /api/registrations/{reference}: one case with its stages and documents. */
export const myRegistrationQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/registrations/', reference],
    queryFn: () => apiRequest('GET', path(reference), registrationCaseSchema),
  });
export const useMyRegistration = (reference: string) =>
  useQuery(myRegistrationQueryOptions(reference));

interface Upload {
  reference: string;
  purpose: CustomerDocumentPurpose;
  file: File;
}

/** POST /api/registrations/{reference}/files: a document the team asked for (its bytes as the body). */
export const uploadRegistrationDocument = ({ reference, purpose, file }: Upload) =>
  apiRequest(
    'POST',
    withQuery(`${path(reference)}/files`, { purpose, filename: file.name }),
    registrationCaseSchema,
    file,
  );

export const useUploadRegistrationDocument = (
  mutationConfig?: MutationConfig<RegistrationCase, Upload>,
) =>
  useEndpointMutation(uploadRegistrationDocument, mutationConfig, (queryClient, saved) => {
    queryClient.setQueryData(myRegistrationQueryOptions(saved.reference).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: myRegistrationsQueryKey });
  });

/** GET /api/registrations/{reference}/files/{id}: a document, as a download. */
export const registrationFileUrl = (reference: string, fileId: string) =>
  `${path(reference)}/files/${encodeURIComponent(fileId)}`;
