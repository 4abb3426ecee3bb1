import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  mailTemplateDetailSchema,
  mailTemplateListSchema,
} from '#shared/mail-templates.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const mailTemplatesQueryKey = ['/api/admin/mail-templates'] as const;

/** GET /api/admin/mail-templates: every mail the owner may reword. */
export const useMailTemplates = () =>
  useQuery(
    queryOptions({
      queryKey: mailTemplatesQueryKey,
      queryFn: () => apiRequest('GET', '/api/admin/mail-templates', mailTemplateListSchema),
    }),
  );

export const mailTemplateQueryKey = (key: string) => [...mailTemplatesQueryKey, key] as const;

/** GET /api/admin/mail-templates/{key}: its words, shipped and current, and its variables. */
export const useMailTemplate = (key: string) =>
  useQuery(
    queryOptions({
      queryKey: mailTemplateQueryKey(key),
      queryFn: () =>
        apiRequest(
          'GET',
          `/api/admin/mail-templates/${encodeURIComponent(key)}`,
          mailTemplateDetailSchema,
        ),
    }),
  );
