import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { DISPLAY_NAME_MAX } from '@shared/schemas/team';
import { displayNameMessages as text } from '@shared/staff-messages/team';
import { QueryState } from '@web/components/query-state';
import { TitledCard } from '@web/components/titled-card';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useDisplayName, useSetDisplayName } from './api/display-name';

/** 'Tu nombre' in 'Mi cuenta' (issue 52, decision 069): the name Equipo shows instead of the email. */
export function DisplayNameCard() {
  const current = useDisplayName();
  return (
    <TitledCard title={text.title} description={text.description}>
      {current.data ? <NameForm initial={current.data.name ?? ''} /> : <QueryState query={current} />}
    </TitledCard>
  );
}

function NameForm({ initial }: { initial: string }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useSetDisplayName();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(name, {
      onSuccess: (answer) => {
        setName(answer.name ?? '');
        toast.success(text.saved);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField id={id} label={text.label} error={error} className="flex-1">
        {(control) => <Input {...control} autoComplete="name" maxLength={DISPLAY_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {text.save}
      </Button>
    </form>
  );
}
