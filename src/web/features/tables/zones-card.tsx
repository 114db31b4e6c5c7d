import { type FormEvent, useId, useState } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import type { DiningTable, Zone } from '@shared/schemas/table';
import { tableMessages } from '@shared/staff-messages/tables';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { useFloorChange, useZones } from './api/floor-setup';

const text = tableMessages.zones;

/** 'Zonas' (issue 21): add, rename on leaving the field, reorder with buttons (no drag needed), online or staff only. */
export function ZonesCard({ tables }: { tables: readonly DiningTable[] }) {
  const zones = useZones();
  const list = zones.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
      </CardHeader>
      {/* Laid out by the card's own width, not the screen's: beside 'Combinaciones' a wide screen gives it little. */}
      <CardContent className="@container flex flex-col gap-3">
        <ul className="divide-y">
          {list.map((zone, index) => (
            <ZoneRow
              key={zone.id}
              zone={zone}
              tableCount={tables.filter((table) => table.zoneId === zone.id).length}
              previous={list[index - 1]}
              next={list[index + 1]}
            />
          ))}
        </ul>
        <AddZoneForm />
      </CardContent>
    </Card>
  );
}

function useFloorAction() {
  const change = useFloorChange();
  const run = (action: Parameters<typeof change.mutateAsync>[0]) =>
    change.mutateAsync(action).catch((error: unknown) => {
      toast.error(errorMessage(error));
      throw error;
    });
  return { run, isPending: change.isPending };
}

interface ZoneRowProps {
  zone: Zone;
  tableCount: number;
  previous: Zone | undefined;
  next: Zone | undefined;
}

function ZoneRow({ zone, tableCount, previous, next }: ZoneRowProps) {
  const [name, setName] = useState(zone.name);
  // A rename saved elsewhere (another device) shows here too.
  const [seen, setSeen] = useState(zone.name);
  if (zone.name !== seen) {
    setSeen(zone.name);
    setName(zone.name);
  }
  const action = useFloorAction();
  const nameId = useId();
  const onlineId = useId();
  const ignore = () => undefined;
  const rename = () => {
    if (name.trim() === zone.name) return;
    action.run({ kind: 'updateZone', id: zone.id, patch: { name } }).catch(() => setName(zone.name));
  };
  // Two zones swap places: each takes the other's position.
  const swap = (other: Zone) =>
    action
      .run({ kind: 'updateZone', id: zone.id, patch: { position: other.position } })
      .then(() => action.run({ kind: 'updateZone', id: other.id, patch: { position: zone.position } }))
      .catch(ignore);
  return (
    <li className="flex flex-col gap-2 py-3 @lg:flex-row @lg:items-end">
      <FormField
        id={nameId}
        label={formatMessage(text.rowName, { name: zone.name })}
        hint={formatMessage(text.tableCount, { count: tableCount })}
        className="min-w-40 flex-1"
      >
        {(control) => (
          <Input {...control} className="h-11" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} onBlur={rename} />
        )}
      </FormField>
      <div className="flex items-center gap-2">
        <Switch
          id={onlineId}
          aria-label={formatMessage(text.onlineSwitch, { name: zone.name })}
          checked={zone.onlineBookable}
          onCheckedChange={(onlineBookable) => void action.run({ kind: 'updateZone', id: zone.id, patch: { onlineBookable } }).catch(ignore)}
        />
        <span aria-hidden="true" className="text-sm">
          {zone.onlineBookable ? text.onlineBookable : text.staffOnly}
        </span>
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="icon" disabled={!previous || action.isPending} aria-label={formatMessage(text.moveUp, { name: zone.name })} onClick={() => previous && void swap(previous)}>
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" disabled={!next || action.isPending} aria-label={formatMessage(text.moveDown, { name: zone.name })} onClick={() => next && void swap(next)}>
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          disabled={action.isPending}
          aria-label={formatMessage(text.delete, { name: zone.name })}
          onClick={() => void action.run({ kind: 'deleteZone', id: zone.id }).catch(ignore)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function AddZoneForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const action = useFloorAction();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    action.run({ kind: 'addZone', name, onlineBookable: true }).then(
      () => setName(''),
      (failure: unknown) => setError(failure instanceof ApiRequestError ? (failure.fields?.name ?? failure.message) : undefined),
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 @sm:flex-row @sm:items-end">
      <FormField id={id} label={text.name} error={error} className="min-w-40 flex-1">
        {(control) => <Input {...control} className="h-11" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <Button type="submit" variant="outline" disabled={action.isPending || name.trim() === ''}>
        {text.add}
      </Button>
    </form>
  );
}
