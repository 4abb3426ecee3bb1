import type { ComponentProps, ReactNode } from 'react';
import { Input, Textarea } from './input.tsx';
import { FieldError, Label } from './label.tsx';

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return (
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  );
}

function FieldFrame({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  ...input
}: FieldProps & ComponentProps<'input'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextareaField({
  id,
  label,
  error,
  hint,
  ...textarea
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
    </FieldFrame>
  );
}
