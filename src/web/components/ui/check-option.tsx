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

/** One of a group's exclusive choices with a line that explains it: the title bold, the hint below, on a 44 px target. */
export function HintedRadioOption({ label, hint, className, ...input }: OptionProps & { hint: ReactNode }) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-muted/50', className)}>
      <input type="radio" className="mt-1 size-4 shrink-0 accent-primary" {...input} />
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}
