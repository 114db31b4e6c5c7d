import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const fieldClassName =
  'w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm';

/** text-base on phones: iOS zooms into inputs whose font is smaller than 16px. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(fieldClassName, 'h-10 py-2 file:border-0 file:bg-transparent file:font-medium', className)}
      {...props}
    />
  );
}
