import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { cn } from '../lib/cn.ts';

interface HiddenEdges {
  start: boolean;
  end: boolean;
}

/** Which sides of a scroll box hide part of its content, kept up to date on scroll and resize. */
function useHiddenEdges(ref: RefObject<HTMLElement | null>): HiddenEdges {
  const [edges, setEdges] = useState<HiddenEdges>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    // A ResizeObserver reports each box once on observe, so this measures the first time too.
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return edges;
}

const fade = 'pointer-events-none absolute inset-y-px w-8 from-gray-900/15 to-transparent';

/**
 * A box for a table wider than a phone: it scrolls sideways (a focusable region, so the keyboard
 * scrolls it too), and while columns are out of sight it says so above and shades the hidden edge.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const hidden = useHiddenEdges(box);
  return (
    <div className={className}>
      {(hidden.start || hidden.end) && (
        <p aria-hidden="true" className="mb-1.5 flex items-center gap-1.5 text-xs text-muted">
          <MoveHorizontal className="size-4" />
          Scroll sideways for more
        </p>
      )}
      <div className="relative">
        <div
          ref={box}
          // contain: its width comes from the page, never from the table, so a wide table
          // scrolls here instead of stretching every grid and flex box around it.
          className="overflow-x-auto rounded-2xl border border-line bg-white [contain:inline-size]"
          role="region"
          aria-label={label}
          tabIndex={0}
          data-scrolls
        >
          {children}
        </div>
        {hidden.start && <span className={cn(fade, 'left-px rounded-l-2xl bg-gradient-to-r')} />}
        {hidden.end && <span className={cn(fade, 'right-px rounded-r-2xl bg-gradient-to-l')} />}
      </div>
    </div>
  );
}
