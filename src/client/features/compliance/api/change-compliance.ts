import type { QueryClient } from '@tanstack/react-query';
import {
  complianceCalendarSchema,
  type ComplianceCalendar,
  type ComplianceCompanyInput,
} from '#shared/compliance.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { complianceQueryKey } from './get-compliance.ts';

// Every change answers the whole calendar, which replaces the cached one.
const keep = (queryClient: QueryClient, calendar: ComplianceCalendar) =>
  queryClient.setQueryData(complianceQueryKey, calendar);

const companyPath = (id: string) => `/api/compliance/companies/${encodeURIComponent(id)}`;

/** POST /api/compliance/companies: a company the customer follows from now on. */
export const addCompany = (company: ComplianceCompanyInput) =>
  apiRequest('POST', '/api/compliance/companies', complianceCalendarSchema, company);

export const useAddCompany = (
  config?: MutationConfig<ComplianceCalendar, ComplianceCompanyInput>,
) => useEndpointMutation(addCompany, config, keep);

/** DELETE /api/compliance/companies/{id}: the company leaves the calendar. */
export const removeCompany = (id: string) =>
  apiRequest('DELETE', companyPath(id), complianceCalendarSchema);

export const useRemoveCompany = (config?: MutationConfig<ComplianceCalendar, string>) =>
  useEndpointMutation(removeCompany, config, keep);

interface MarkVariables {
  companyId: string;
  key: string;
  done: boolean;
}

/** PUT /api/compliance/companies/{id}/items/{key}/done: an item marked done, or open again. */
export const markItem = ({ companyId, key, done }: MarkVariables) =>
  apiRequest(
    'PUT',
    `${companyPath(companyId)}/items/${encodeURIComponent(key)}/done`,
    complianceCalendarSchema,
    { done },
  );

export const useMarkItem = (config?: MutationConfig<ComplianceCalendar, MarkVariables>) =>
  useEndpointMutation(markItem, config, keep);

interface ChangeVariables {
  companyId: string;
  changedOn: string;
  note: string;
}

/** POST /api/compliance/companies/{id}/ownership-changes: dates a beneficial-ownership update. */
export const recordOwnershipChange = ({ companyId, ...change }: ChangeVariables) =>
  apiRequest(
    'POST',
    `${companyPath(companyId)}/ownership-changes`,
    complianceCalendarSchema,
    change,
  );

export const useRecordOwnershipChange = (
  config?: MutationConfig<ComplianceCalendar, ChangeVariables>,
) => useEndpointMutation(recordOwnershipChange, config, keep);

interface CareVariables {
  companyId: string;
  autoRenew: boolean;
}

/** PATCH /api/compliance/companies/{id}/care: compliance care renews next year, or ends. */
export const setCareRenewal = ({ companyId, autoRenew }: CareVariables) =>
  apiRequest('PATCH', `${companyPath(companyId)}/care`, complianceCalendarSchema, { autoRenew });

export const useSetCareRenewal = (config?: MutationConfig<ComplianceCalendar, CareVariables>) =>
  useEndpointMutation(setCareRenewal, config, keep);
