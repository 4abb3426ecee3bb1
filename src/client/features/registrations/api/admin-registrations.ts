import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminRegistrationCaseSchema,
  adminRegistrationSummarySchema,
  type AdminRegistrationCase,
  type RegistrationStage,
  type TeamDocumentPurpose,
} from '#shared/registrations.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const path = (reference: string) => `/api/admin/registrations/${encodeURIComponent(reference)}`;

/** GET /api/admin/registrations: the board's cases. */
export const adminRegistrationsQueryKey = ['/api/admin/registrations'];
export const useAdminRegistrations = () =>
  useQuery({
    queryKey: adminRegistrationsQueryKey,
    queryFn: () =>
      apiRequest('GET', '/api/admin/registrations', z.array(adminRegistrationSummarySchema)),
  });

/** GET /api/admin/registrations/{reference}: a case with its checklists and documents. */
const adminRegistrationQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/admin/registrations/', reference],
    queryFn: () => apiRequest('GET', path(reference), adminRegistrationCaseSchema),
  });
export const useAdminRegistration = (reference: string) =>
  useQuery(adminRegistrationQueryOptions(reference));

const keep = (queryClient: QueryClient, saved: AdminRegistrationCase) => {
  queryClient.setQueryData(adminRegistrationQueryOptions(saved.reference).queryKey, saved);
  void queryClient.invalidateQueries({ queryKey: adminRegistrationsQueryKey });
};

interface Checklist {
  reference: string;
  stage: RegistrationStage;
  items: string[];
}
/** PUT /api/admin/registrations/{reference}/checklist: the current stage's ticked items. */
export const useSetRegistrationChecklist = (
  config?: MutationConfig<AdminRegistrationCase, Checklist>,
) =>
  useEndpointMutation(
    ({ reference, ...body }: Checklist) =>
      apiRequest('PUT', `${path(reference)}/checklist`, adminRegistrationCaseSchema, body),
    config,
    keep,
  );

interface StageDone {
  reference: string;
  stage: RegistrationStage;
  approvedName?: string;
  approvedVariant?: boolean;
  registrationNumber?: string;
}
/** POST /api/admin/registrations/{reference}/stages: the current stage done (the customer is mailed). */
export const useCompleteRegistrationStage = (
  config?: MutationConfig<AdminRegistrationCase, StageDone>,
) =>
  useEndpointMutation(
    ({ reference, ...body }: StageDone) =>
      apiRequest('POST', `${path(reference)}/stages`, adminRegistrationCaseSchema, body),
    config,
    keep,
  );

interface Delivery {
  reference: string;
  purpose: TeamDocumentPurpose;
  file: File;
}
/** POST /api/admin/registrations/{reference}/files: a CIPC or SARS document for the customer. */
export const useDeliverRegistrationDocument = (
  config?: MutationConfig<AdminRegistrationCase, Delivery>,
) =>
  useEndpointMutation(
    ({ reference, purpose, file }: Delivery) =>
      apiRequest(
        'POST',
        withQuery(`${path(reference)}/files`, { purpose, filename: file.name }),
        adminRegistrationCaseSchema,
        file,
      ),
    config,
    keep,
  );

export const adminRegistrationFileUrl = (reference: string, fileId: string) =>
  `${path(reference)}/files/${encodeURIComponent(fileId)}`;
