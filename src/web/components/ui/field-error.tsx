import type { ReactNode } from 'react';

/** A field's error under it, referenced by the field's aria-describedby; nothing when there is no error. */
export function FieldError({ id, alert = false, children }: { id: string; alert?: boolean; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
