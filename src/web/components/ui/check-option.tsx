import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

type OptionProps = { label: ReactNode } & Omit<ComponentProps<'input'>, 'type'>;

/** One choice of a list: a native checkbox labelled by its text, on a 44 px target. */
export function CheckOption(props: OptionProps) {
  return <ChoiceOption type="checkbox" {...props} />;
}

/** One of a group's exclusive choices: a native radio button labelled by its text, on a 44 px target. */
export function RadioOption(props: OptionProps) {
  return <ChoiceOption type="radio" {...props} />;
}

function ChoiceOption({ type, label, className, ...input }: OptionProps & { type: 'checkbox' | 'radio' }) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-center gap-2 text-sm', className)}>
      <input type={type} className="size-4 accent-primary" {...input} />
      {label}
    </label>
  );
}
