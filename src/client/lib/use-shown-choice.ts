import { useState } from 'react';

/**
 * A choice saved by a request (a checkbox that switches a setting): `value` is what the customer
 * just chose until the request settles, then the saved one. It is state of the click's own
 * render: a controlled box whose value waits for the request (even for a mutation's `variables`,
 * which arrive a tick later) flips back until the answer comes, and looks like it ignored the click.
 */
export function useShownChoice<T>(saved: T) {
  const [shown, setShown] = useState<{ value: T } | null>(null);
  return {
    value: shown ? shown.value : saved,
    show: (value: T) => setShown({ value }),
    settle: () => setShown(null),
  };
}
