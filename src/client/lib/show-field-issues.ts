import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../components/ui/use-toast.ts';
import { ApiRequestError } from './api-client.ts';

/** Puts the server's field issues under their fields; anything else becomes a toast. */
export function showFieldIssues<T extends FieldValues>(
  error: Error,
  setError: UseFormSetError<T>,
  title: string,
): void {
  const body = error instanceof ApiRequestError ? error.body : null;
  const issues =
    body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)
      ? (body.issues as { path: string; message: string }[])
      : [];
  issues.forEach((issue) => setError(issue.path as Path<T>, { message: issue.message }));
  if (issues.length === 0) toast({ title, description: error.message, variant: 'destructive' });
}
