import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

/** A spinning icon announced to screen readers as `label` ('Cargando...' in the page's language unless told). */
export function Spinner({ className, label, ...props }: ComponentProps<'span'> & { label?: string }) {
  const { texts } = useGuestLanguage();
  return (
    <span role="status" data-slot="spinner" className={cn('inline-flex items-center', className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label ?? texts.common.loading}</span>
    </span>
  );
}
