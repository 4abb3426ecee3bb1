import { queryOptions, useQuery } from '@tanstack/react-query';
import { agedDebtorsSchema } from '#shared/reports.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/reports/aged-debtors: what each customer owes today, by age. */
export const getAgedDebtors = () =>
  apiRequest('GET', '/api/admin/reports/aged-debtors', agedDebtorsSchema);

export const agedDebtorsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/reports/aged-debtors'], queryFn: getAgedDebtors });

export const useAgedDebtors = () => useQuery(agedDebtorsQueryOptions());

/** The same figures as a download. */
export const agedDebtorsCsvUrl = '/api/admin/reports/aged-debtors.csv';
