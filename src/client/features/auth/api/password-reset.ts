import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

interface Message {
  message: string;
}

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<Message>('POST', '/api/forgot-password', input),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<Message>('POST', '/api/reset-password', input),
  });
