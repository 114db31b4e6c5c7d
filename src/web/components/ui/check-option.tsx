import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** One choice of a list: a native checkbox labelled by its text, on a 44 px target. */
export function CheckOption({ label, className, ...input }: { label: ReactNode } & Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-center gap-2 text-sm', className)}>
      <input type="checkbox" className="size-4 accent-primary" {...input} />
      {label}
    </label>
  );
}
