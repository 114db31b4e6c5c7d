import { useId } from 'react';
import { TABLE_SHAPES, type TableShape } from '@shared/limits';
import { tableMessages } from '@shared/staff-messages/tables';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

const text = tableMessages.tables;

/** 'Forma' of a table: a labelled native select of the shapes. */
export function TableShapeField({ value, onChange }: { value: TableShape; onChange: (shape: TableShape) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{text.shape}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as TableShape)}
        className={cn(fieldClassName, 'h-10')}
      >
        {TABLE_SHAPES.map((option) => (
          <option key={option} value={option}>
            {text.shapes[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
