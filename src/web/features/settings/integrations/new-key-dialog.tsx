import { useId, useState } from 'react';
import { API_KEY_SCOPES, type ApiKeyScope, apiKeyInputSchema } from '@shared/schemas/api-keys';
import { integrationsMessages } from '@shared/staff-messages/integrations';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { CheckOption } from '@web/components/ui/check-option';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useCreateApiKey } from '../api/api-keys';
import { useCheckedSubmit } from './checked-submit';
import { ShownOnce } from './shown-once';

const text = integrationsMessages.keys;

/** 'Nueva clave': a name and the scopes; then the key, once, with 'Copiar' and the warning it will not be shown again. */
export function NewKeyDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Closing forgets the key: it is never shown again.
    if (!next) setCreated(null);
  };
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} trigger={<Button type="button">{text.create}</Button>}>
      {created ? <ShownOnce title={text.created} description={text.shownOnce} label={text.keyLabel} value={created} copyLabel={text.copy} copied={text.copied} doneLabel={text.done} onDone={() => onOpenChange(false)} /> : <KeyForm onCreated={setCreated} onCancel={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function KeyForm({ onCreated, onCancel }: { onCreated: (key: string) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const nameId = useId();
  const scopesId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));
  const { errors, submit } = useCheckedSubmit(apiKeyInputSchema, create, { toast: text.created, then: (answer) => onCreated(answer.key) });
  return (
    <DialogForm
      title={text.createTitle}
      description={text.createDescription}
      onSubmit={submit({ name, scopes })}
      submitLabel={create.isPending ? text.creating : text.submit}
      submitDisabled={create.isPending}
      onCancel={onCancel}
      cancelLabel={text.cancel}
    >
      <FormField id={nameId} label={text.name} error={errors.name}>
        {(control) => <Input {...control} className="h-11" maxLength={60} placeholder={text.namePlaceholder} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <fieldset className="grid gap-1" aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{text.scopes}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <CheckOption
            key={scope}
            checked={scopes.includes(scope)}
            onChange={(event) => toggle(scope, event.target.checked)}
            label={
              <span>
                <span className="font-medium">{integrationsMessages.scopes[scope].label}</span>
                <span className="block text-muted-foreground">{integrationsMessages.scopes[scope].help}</span>
              </span>
            }
          />
        ))}
        {errors.scopes && <FieldError id={`${scopesId}-error`}>{errors.scopes}</FieldError>}
      </fieldset>
    </DialogForm>
  );
}
