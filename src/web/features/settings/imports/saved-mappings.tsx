import { type FormEvent, useId, useState } from 'react';
import { IMPORT_MAPPING_NAME_MAX, type ImportField, type ImportKind, type ImportMapping, importMappingInputSchema } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, fieldClassName } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/lazy-toaster';
import { useImportMappings, useRemoveImportMapping, useSaveImportMapping } from '../api/import-mappings';

const text = importScreenMessages.saved;
const failed = (error: unknown) => toast.error(errorMessage(error));

interface SavedMappingsProps {
  headers: readonly string[];
  mapping: readonly (ImportField | null)[];
  kind: ImportKind;
  onApply: (mapping: (ImportField | null)[], kind: ImportKind) => void;
}

/** 'Asignación guardada': one applied to this file by its headers, or this file's saved under a name for the next. */
export function SavedMappings({ headers, mapping, kind, onApply }: SavedMappingsProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border p-3">
      <h4 id={titleId} className="text-sm font-semibold">
        {text.title}
      </h4>
      <ApplyMapping headers={headers} onApply={onApply} />
      <SaveMapping headers={headers} mapping={mapping} kind={kind} />
    </section>
  );
}

function ApplyMapping({ headers, onApply }: Pick<SavedMappingsProps, 'headers' | 'onApply'>) {
  const mappings = useImportMappings();
  const remove = useRemoveImportMapping();
  const selectId = useId();
  const [chosenId, setChosenId] = useState('');
  const chosen = mappings.data?.find((item) => item.id === chosenId);
  if (!mappings.data || mappings.data.length === 0) return <p className="text-sm text-muted-foreground">{mappings.error ? errorMessage(mappings.error) : text.empty}</p>;
  const apply = () => {
    if (!chosen) return;
    onApply(mappingFor(headers, chosen), chosen.kind);
    toast.success(text.applied);
  };
  const removeChosen = () =>
    chosen &&
    remove.mutate(chosen.id, {
      onSuccess: () => {
        setChosenId('');
        toast.success(text.removed);
      },
      onError: failed,
    });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField id={selectId} label={text.choose} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <select {...control} className={cn(fieldClassName, 'h-11')} value={chosenId} onChange={(event) => setChosenId(event.target.value)}>
            <option value="">{text.none}</option>
            {mappings.data.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button type="button" variant="outline" disabled={!chosen} onClick={apply}>
        {text.apply}
      </Button>
      <Button type="button" variant="outline" disabled={!chosen || remove.isPending} onClick={removeChosen}>
        {text.remove}
      </Button>
    </div>
  );
}

function SaveMapping({ headers, mapping, kind }: Omit<SavedMappingsProps, 'onApply'>) {
  const save = useSaveImportMapping();
  const nameId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const columns = Object.fromEntries(headers.flatMap((header, index) => (mapping[index] ? [[header, mapping[index]] as const] : [])));
    const parsed = importMappingInputSchema.safeParse({ name, kind, columns });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        toast.success(text.savedToast);
      },
      onError: (failure) => {
        setError(failure instanceof ApiRequestError ? (failure.fields?.name ?? failure.message) : errorMessage(failure));
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <FormField id={nameId} label={text.name} error={error} alertError className="min-w-0 flex-1 basis-56">
        {(control) => <Input {...control} className="h-11" maxLength={IMPORT_MAPPING_NAME_MAX} placeholder={text.namePlaceholder} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? text.saving : text.save}
      </Button>
    </form>
  );
}

/** A saved mapping laid on this file's headers: by the header's text, then ignoring case and spaces around it. */
function mappingFor(headers: readonly string[], saved: ImportMapping): (ImportField | null)[] {
  const loose = new Map(Object.entries(saved.columns).map(([header, field]) => [header.trim().toLowerCase(), field]));
  return headers.map((header) => saved.columns[header] ?? loose.get(header.trim().toLowerCase()) ?? null);
}
