import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { type Passkey, passkeyNameSchema } from '@shared/schemas/passkeys';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/titled-card';
import { CardDescription } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { passkeyErrorMessage, useWebAuthn } from '@web/lib/passkeys';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api/passkeys';


/**
 * 'Llaves de acceso' in 'Mi cuenta' (issue 44): the member's passkeys with their dates, added with the browser's own
 * dialog (after a fresh sign-in: the server asks, and the password dialog opens by itself), renamed, removed. Where
 * PUBLIC_URL is an IP address there can be none, and the card says why in one line.
 */
export function PasskeysCard() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const webAuthn = useWebAuthn();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  let body;
  if (!list.data) body = <QueryState query={list} />;
  else if (!list.data.available) body = <p className="text-sm text-muted-foreground">{list.data.reason}</p>;
  else {
    const { passkeys } = list.data;
    body = (
      <>
        <CardDescription>{text.intro}</CardDescription>
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.none}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="break-words font-medium">{passkey.name}</span>
                  <span className="text-sm text-muted-foreground">{formatMessage(text.created, { date: formatDateTime(passkey.createdAt) })}</span>
                  <span className="text-sm text-muted-foreground">
                    {passkey.lastUsedAt ? formatMessage(text.lastUsed, { date: formatDateTime(passkey.lastUsedAt) }) : text.neverUsed}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" aria-label={`${text.rename}: ${passkey.name}`} onClick={() => setRenaming(passkey)}>
                    {text.rename}
                  </Button>
                  <Button variant="outline" size="sm" aria-label={`${text.remove}: ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                    {text.remove}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {webAuthn ? (
          <Button
            className="self-start"
            disabled={add.isPending}
            onClick={() => add.mutate(undefined, { onSuccess: () => toast.success(text.added), onError: (error) => toast.error(passkeyErrorMessage(error)) })}
          >
            {add.isPending ? text.adding : text.add}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{text.unsupported}</p>
        )}
      </>
    );
  }

  return (
    <TitledCard title={text.card}>
      {body}
      <FormDialog open={renaming !== null} onOpenChange={(open) => !open && setRenaming(null)}>
        {renaming && <RenameForm passkey={renaming} onDone={() => setRenaming(null)} />}
      </FormDialog>
      <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />
    </TitledCard>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const id = useId();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate(
      { id: passkey.id, name: parsed.data.name },
      {
        onSuccess: () => {
          toast.success(text.renamed);
          onDone();
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };
  return (
    <DialogForm title={text.renameTitle} description={passkey.name} onSubmit={submit} submitLabel={text.save} submitDisabled={rename.isPending} onCancel={onDone} cancelLabel={text.cancel}>
      <FormField id={`${id}-name`} label={text.name} hint={text.nameHint} error={error} alertError>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
    </DialogForm>
  );
}

function RemoveDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      open={passkey !== null}
      onOpenChange={(open) => !open && onClose()}
      title={formatMessage(text.removeTitle, { name: passkey?.name ?? '' })}
      description={text.removeDescription}
      confirmLabel={text.remove}
      keepLabel={text.cancel}
      destructive
      isPending={remove.isPending}
      onConfirm={() =>
        passkey &&
        remove.mutate(passkey.id, {
          onSuccess: () => {
            toast.success(text.removed);
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  );
}
