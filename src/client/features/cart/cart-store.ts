import { useEffect, useState } from 'react';
import { randToCents } from '#shared/money.ts';
import { storageKeys } from '../../lib/storage-keys.ts';

export interface CartItem {
  id: string;
  type: string;
  title: string;
  /** Rands, as SPEC §3 stores it in the browser; the server always re-prices. */
  price: number;
  quantity?: number;
}

export function readCart(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKeys.cart) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is CartItem =>
        !!item && typeof item === 'object' && typeof (item as CartItem).price === 'number',
    );
  } catch {
    return [];
  }
}

export function cartTotals(items: CartItem[]): { count: number; total: number } {
  let count = 0;
  let cents = 0;
  for (const item of items) {
    const quantity = item.quantity ?? 1;
    count += quantity;
    cents += randToCents(item.price) * quantity;
  }
  return { count, total: cents / 100 };
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
