import { type FormEvent, useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { COMBINATION_PARTY_MAX, COMBINATION_TABLES_MAX } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import type { DiningTable } from '@shared/schemas/table';
import { tableMessages } from '@shared/staff-messages/tables';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { Button } from '@web/components/ui/button';
import { CheckOption } from '@web/components/ui/check-option';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useCombinations, useFloorChange } from './api/floor-setup';

const text = tableMessages.combinations;
const PARTY_OPTIONS = Array.from({ length: COMBINATION_PARTY_MAX }, (_, index) => index + 1);

/** 'Mesas que se juntan' (issue 21): which tables join, and for how many people; chosen with checkboxes, no drag. */
export function CombinationsCard({ tables }: { tables: readonly DiningTable[] }) {
  const combinations = useCombinations();
  const change = useFloorChange();
  const names = new Map(tables.map((table) => [table.id, table.name]));
  const remove = (id: string) => change.mutate({ kind: 'deleteCombination', id }, { onError: (error) => toast.error(errorMessage(error)) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{text.intro}</p>
        <ul className="divide-y">
          {(combinations.data ?? []).map((combination) => {
            const label = formatMessage(text.label, {
              tables: combination.tableIds.map((id) => names.get(id) ?? '?').join(' + '),
              min: combination.minParty,
              max: combination.maxParty,
            });
            return (
              <li key={combination.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">{label}</span>
                <Button variant="ghost" size="icon" aria-label={formatMessage(text.delete, { name: label })} onClick={() => remove(combination.id)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
        <AddCombinationForm tables={tables.filter((table) => table.isActive)} />
      </CardContent>
    </Card>
  );
}

function AddCombinationForm({ tables }: { tables: readonly DiningTable[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [minParty, setMinParty] = useState(3);
  const [maxParty, setMaxParty] = useState(6);
  const change = useFloorChange();
  const minId = useId();
  const maxId = useId();
  const toggle = (id: string, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { kind: 'addCombination', input: { tableIds: chosen, minParty, maxParty } },
      { onSuccess: () => setChosen([]), onError: (error) => toast.error(errorMessage(error)) },
    );
  };
  const partySelect = (id: string, label: string, value: number, onChange: (value: number) => void) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))} className={cn(fieldClassName, 'h-11')}>
        {PARTY_OPTIONS.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <LabelledFieldset legend={text.tables} legendClassName="text-sm font-medium" className="flex flex-col gap-1">
        <div className="flex flex-wrap gap-x-4">
          {tables.map((table) => (
            <CheckOption
              key={table.id}
              label={table.name}
              checked={chosen.includes(table.id)}
              disabled={!chosen.includes(table.id) && chosen.length >= COMBINATION_TABLES_MAX}
              onChange={(event) => toggle(table.id, event.target.checked)}
            />
          ))}
        </div>
      </LabelledFieldset>
      <div className="grid grid-cols-2 gap-3">
        {partySelect(minId, text.minParty, minParty, setMinParty)}
        {partySelect(maxId, text.maxParty, maxParty, setMaxParty)}
      </div>
      <Button type="submit" variant="outline" disabled={change.isPending || chosen.length < 2}>
        {text.add}
      </Button>
    </form>
  );
}
