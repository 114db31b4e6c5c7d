import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { mayUse } from '@shared/rules/permissions';
import type { EmbedInfo } from '@shared/schemas/settings';
import { settingsMessages } from '@shared/staff-messages/settings';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useStaffRole } from '@web/features/auth/session';
import { errorMessage } from '@web/lib/api';
import { useSaveEmbedOrigins } from '../api/get-embed-info';

const text = settingsMessages.general;

/**
 * The sites that may show the booking widget (issue 52, decision 069): the owner edits them here, one a line; the
 * others read them; EMBED_ORIGINS, when the server sets it, is shown read-only with where it comes from.
 */
export function EmbedOriginsField({ info, id }: { info: EmbedInfo; id: string }) {
  const role = useStaffRole();
  if (info.embedOriginsFromServer) {
    return (
      <div id={id} className="grid gap-1 text-sm text-muted-foreground wrap-anywhere">
        <p>{formatMessage(text.embedOrigins, { origins: info.embedOrigins.join(', ') })}</p>
        <p>{text.embedOriginsFromServer}</p>
      </div>
    );
  }
  if (role !== null && mayUse(role, 'PUT', '/settings/embed-origins')) return <OriginsForm id={id} saved={info.embedOrigins} />;
  return (
    <p id={id} className="text-sm text-muted-foreground wrap-anywhere">
      {info.embedOrigins.length ? formatMessage(text.embedOriginsCurrent, { origins: info.embedOrigins.join(', ') }) : text.embedNoOrigins}
    </p>
  );
}

function OriginsForm({ id: formId, saved }: { id: string; saved: string[] }) {
  const [value, setValue] = useState(saved.join('\n'));
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useSaveEmbedOrigins();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(value.split(/[\s,]+/).filter(Boolean), {
      onSuccess: (info) => {
        setValue(info.embedOrigins.join('\n'));
        toast.success(text.embedOriginsSaved);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-2">
      <FormField id={id} label={text.embedOriginsLabel} hint={text.embedOriginsHint} error={error}>
        {(control) => (
          <Textarea {...control} rows={3} spellCheck={false} autoCapitalize="off" value={value} onChange={(event) => setValue(event.target.value)} className="font-mono text-sm" />
        )}
      </FormField>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={save.isPending}>
        {text.embedOriginsSave}
      </Button>
    </form>
  );
}
