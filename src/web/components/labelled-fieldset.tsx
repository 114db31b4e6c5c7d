import { type ComponentProps, type ReactNode, useId } from 'react';

interface LabelledFieldsetProps extends Omit<ComponentProps<'fieldset'>, 'aria-labelledby'> {
  legend: ReactNode;
  legendClassName: string;
}

/** A <fieldset> named by its legend, which it also points to with aria-labelledby. */
export function LabelledFieldset({ legend, legendClassName, children, ...fieldset }: LabelledFieldsetProps) {
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId} {...fieldset}>
      <legend id={legendId} className={legendClassName}>
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
