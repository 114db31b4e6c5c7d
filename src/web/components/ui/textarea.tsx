import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { fieldClassName } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea data-slot="textarea" className={cn(fieldClassName, 'min-h-20 py-2', className)} {...props} />
  );
}
