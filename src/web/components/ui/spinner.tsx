import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@web/lib/cn';

/** A spinning icon announced to screen readers as `label`. */
export function Spinner({ className, label = messages.common.loading, ...props }: ComponentProps<'span'> & { label?: string }) {
  return (
    <span role="status" data-slot="spinner" className={cn('inline-flex items-center', className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
