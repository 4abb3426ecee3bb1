import type { QueryClient } from '@tanstack/react-query';
import {
  mailPreviewSchema,
  mailTemplateDetailSchema,
  mailTestSentSchema,
  type MailPreview,
  type MailTemplateDetail,
  type MailTemplateText,
} from '#shared/mail-templates.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { mailTemplateQueryKey, mailTemplatesQueryKey } from './get-mail-templates.ts';

interface TextInput {
  key: string;
  text: MailTemplateText;
}

const templateUrl = (key: string, action = '') =>
  `/api/admin/mail-templates/${encodeURIComponent(key)}${action}`;

/** The saved template becomes the cached one, and the list's "edited" mark follows. */
const cacheSaved = (queryClient: QueryClient, saved: MailTemplateDetail) => {
  queryClient.setQueryData(mailTemplateQueryKey(saved.key), saved);
  void queryClient.invalidateQueries({ queryKey: mailTemplatesQueryKey, exact: true });
};

/** PUT /api/admin/mail-templates/{key}: the owner's words, used from the next mail on. */
export const useSaveMailTemplate = (config?: MutationConfig<MailTemplateDetail, TextInput>) =>
  useEndpointMutation(
    ({ key, text }: TextInput) =>
      apiRequest('PUT', templateUrl(key), mailTemplateDetailSchema, text),
    config,
    cacheSaved,
  );

/** DELETE /api/admin/mail-templates/{key}: back to the shipped words. */
export const useResetMailTemplate = (config?: MutationConfig<MailTemplateDetail, string>) =>
  useEndpointMutation(
    (key: string) => apiRequest('DELETE', templateUrl(key), mailTemplateDetailSchema),
    config,
    cacheSaved,
  );

/** POST /api/admin/mail-templates/{key}/preview: the editor's words with sample values. */
export const useMailTemplatePreview = (config?: MutationConfig<MailPreview, TextInput>) =>
  useEndpointMutation(
    ({ key, text }: TextInput) =>
      apiRequest('POST', templateUrl(key, '/preview'), mailPreviewSchema, text),
    config,
  );

/** POST /api/admin/mail-templates/{key}/test: the editor's words, mailed to the owner. */
export const useSendTestMail = (config?: MutationConfig<{ sentTo: string }, TextInput>) =>
  useEndpointMutation(
    ({ key, text }: TextInput) =>
      apiRequest('POST', templateUrl(key, '/test'), mailTestSentSchema, text),
    config,
  );
