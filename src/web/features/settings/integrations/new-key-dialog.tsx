import { type FormEvent, useId, useRef, useState } from 'react';
import { API_KEY_SCOPES, type ApiKeyScope, apiKeyInputSchema } from '@shared/schemas/api-keys';
import { integrationsMessages } from '@shared/staff-messages/integrations';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { CheckOption } from '@web/components/ui/check-option';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';
import { useCreateApiKey } from '../api/api-keys';
import { copy } from '../fields/copy-field';

const text = integrationsMessages.keys;
type Errors = Partial<Record<'name' | 'scopes', string>>;

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
      {created ? <CreatedKey apiKey={created} onDone={() => onOpenChange(false)} /> : <KeyForm onCreated={setCreated} onCancel={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function KeyForm({ onCreated, onCancel }: { onCreated: (key: string) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const nameId = useId();
  const scopesId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = apiKeyInputSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(text.created);
        onCreated(answer.key);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) setErrors({ name: error.fields.name, scopes: error.fields.scopes });
        toast.error(errorMessage(error));
      },
    });
  };
  return (
    <DialogForm
      title={text.createTitle}
      description={text.createDescription}
      onSubmit={submit}
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

/** The key, this once: read-only, 'Copiar', and why it must be copied now. */
function CreatedKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{text.created}</DialogTitle>
        <DialogDescription>{text.shownOnce}</DialogDescription>
      </DialogHeader>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id}>{text.keyLabel}</Label>
        <div className="flex min-w-0 flex-wrap gap-2">
          <Input id={id} ref={field} readOnly value={apiKey} spellCheck={false} className="h-11 min-w-0 flex-1 basis-64 font-mono text-sm" />
          <Button type="button" variant="outline" onClick={() => void copy(field.current, text.copied)}>
            {text.copy}
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {text.done}
        </Button>
      </DialogFooter>
    </div>
  );
}
