import { type ReactNode, useId } from 'react';

/** A framed part of a settings panel: its title, an optional hint, then its fields. */
export function SettingsSubsection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const titleId = useId();
  const heading = (
    <h3 id={titleId} className="text-sm font-semibold">
      {title}
    </h3>
  );
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border p-3">
      {hint ? (
        <div className="flex flex-col gap-1">
          {heading}
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
