import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'premium';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** Only one toast is visible at a time (SPEC §9): a new one replaces the last. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
const REMOVE_AFTER_CLOSE_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), REMOVE_AFTER_CLOSE_MS);
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;
const serverSnapshot = (): ToastItem[] => [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
