import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicting utilities (decision 008): a component
 * offers props for what callers may change, and callers only add classes the base lacks.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
