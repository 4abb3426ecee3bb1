import { useEffect, useState } from 'react';
import { randToCents } from '#shared/money.ts';
import { maxLineQuantity } from '#shared/order-limits.ts';
import { paths } from '#shared/routes.ts';
import { storageKeys } from './storage-keys.ts';

interface CartItemBase {
  id: string;
  title: string;
  /** Rands, as SPEC §3 stores it in the browser; the server always re-prices. */
  price: number;
  quantity?: number;
}

/** The cart's lines, in the shape the checkout posts to POST /api/orders. */
export type CartItem = CartItemBase &
  (
    | { type: 'package'; packageId: string; addOnIds: string[]; serviceSlug: string }
    | { type: 'bundle'; packageId: string; addOnIds: string[]; serviceSlug: string }
    | { type: 'domain'; domain: string; years: number; registrant?: Record<string, unknown> }
    | { type: 'business-registration'; packageId: string; details: Record<string, unknown> }
    | { type: 'service-request'; reference: string }
    | { type: 'speed-report'; packageId: string; url: string }
    | { type: 'compliance-filing'; packageId: string; companyId: string }
    | { type: 'compliance-care'; packageId: string; companyId: string }
    | { type: string; [key: string]: unknown }
  );

const singleLines = new Set([
  'domain',
  'domain-renewal',
  'domain-transfer',
  'business-registration',
  'service-request',
  'speed-report',
  'compliance-filing',
  'compliance-care',
]);

/** How many of a line one order may hold: the server's limits (one domain, one quote, 20 else). */
export const maxQuantity = (item: Pick<CartItem, 'type'>): number =>
  singleLines.has(item.type) ? 1 : maxLineQuantity;

/** The query parameter that tells a details form which cart line it completes. */
export const lineParam = 'line';

/**
 * Where a line that cannot be paid without more details gets them, or null: a company
 * registration chosen in the service builder needs the company's names and directors from the
 * registration form, which then completes this same line.
 */
export function detailsForm(item: CartItem): { what: string; action: string; href: string } | null {
  const company =
    (item.type === 'business-registration' && !('details' in item && item.details)) ||
    (item.type === 'bundle' && item.serviceSlug === 'business-registration');
  if (!company) return null;
  return {
    what: 'the company details (names, directors, address)',
    action: 'Add the company details',
    href: `${paths.businessRegistration}?${lineParam}=${encodeURIComponent(item.id)}#order`,
  };
}

/** Puts `line` in the place of the cart line `id` (a line completed by its form), or adds it. */
export function completeCartLine(id: string | null, line: CartItem): void {
  const items = readCart();
  const index = id ? items.findIndex((item) => item.id === id) : -1;
  if (index < 0) return addToCart(line);
  items[index] = { ...line, quantity: 1 };
  writeCart(items);
}

export function readCart(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKeys.cart) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is CartItem =>
        !!item &&
        typeof item === 'object' &&
        typeof (item as CartItem).price === 'number' &&
        typeof (item as CartItem).id === 'string',
    );
  } catch {
    return [];
  }
}

export function writeCart(items: CartItem[]): void {
  localStorage.setItem(storageKeys.cart, JSON.stringify(items));
  // An emptied cart is done with: the next one is a purchase of its own.
  if (items.length === 0) localStorage.removeItem(storageKeys.cartId);
  // Other tabs hear the storage event themselves; this one is told directly.
  window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.cart }));
}

/**
 * The cart's id, sent with each try to pay it (decision: one cart, one purchase): made with the
 * first try and kept until the cart is emptied.
 */
export function cartId(): string {
  const stored = localStorage.getItem(storageKeys.cartId);
  if (stored) return stored;
  const made = crypto.randomUUID();
  localStorage.setItem(storageKeys.cartId, made);
  return made;
}

/** Empties the cart once it is paid (or its bank transfer is awaited). */
export const clearCart = (): void => writeCart([]);

/** Adds lines; a line with the same id as one in the cart adds to its quantity. */
export function addToCart(...lines: CartItem[]): void {
  const items = readCart();
  for (const line of lines) {
    const existing = items.find((item) => item.id === line.id);
    if (existing)
      existing.quantity = Math.min(
        (existing.quantity ?? 1) + (line.quantity ?? 1),
        maxQuantity(line),
      );
    else items.push({ ...line, quantity: Math.min(line.quantity ?? 1, maxQuantity(line)) });
  }
  writeCart(items);
}

export function removeFromCart(id: string): void {
  writeCart(readCart().filter((item) => item.id !== id));
}

export function setCartQuantity(id: string, quantity: number): void {
  if (quantity < 1) return removeFromCart(id);
  writeCart(
    readCart().map((item) =>
      item.id === id ? { ...item, quantity: Math.min(quantity, maxQuantity(item)) } : item,
    ),
  );
}

export function cartTotals(items: CartItem[]): {
  count: number;
  total: number;
  totalCents: number;
} {
  let count = 0;
  let cents = 0;
  for (const item of items) {
    const quantity = item.quantity ?? 1;
    count += quantity;
    cents += randToCents(item.price) * quantity;
  }
  return { count, total: cents / 100, totalCents: cents };
}

/** The cart, re-read every second and on storage events so other tabs show up (SPEC §9). */
export function useCart(): CartItem[] {
  const [items, setItems] = useState<CartItem[]>([]);
  useEffect(() => {
    const refresh = () =>
      setItems((previous) => {
        const next = readCart();
        return JSON.stringify(next) === JSON.stringify(previous) ? previous : next;
      });
    refresh();
    const timer = setInterval(refresh, 1000);
    window.addEventListener('storage', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return items;
}
