import type { ComponentProps } from 'react';
import { Input } from '@web/components/ui/input';

/** A whole-number field: the numeric keyboard on phones, steps of one. In a file of its own, out of the guest's first load. */
export function WholeNumberInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'step'>) {
  return <Input type="number" inputMode="numeric" step={1} {...props} />;
}
