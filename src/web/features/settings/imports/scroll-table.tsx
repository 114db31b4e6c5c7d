import type { ReactNode } from 'react';

/**
 * A wide table inside a box that scrolls sideways (a 360 px phone): the box takes the keyboard's focus, so the
 * arrows scroll it, and is named by the table's caption.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring">
      <table className="w-max min-w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}
