import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { guestNoteSchema, type GuestView } from '@shared/schemas/guest';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api';
import { useUpdateGuestNote } from './api/update-guest';

const text = staffMessages.guests;

/** 'Nota permanente del cliente', saved with its button; the shared rule is checked before sending. */
export function GuestNoteForm({ guest }: { guest: GuestView }) {
  const fieldId = useId();
  const [draft, setDraft] = useState(guest.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateGuestNote();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = guestNoteSchema.safeParse({ note: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.http.badRequest);
      return;
    }
    setError(null);
    update.mutate(
      { id: guest.id, note: parsed.data.note },
      {
        onSuccess: (saved) => {
          setDraft(saved.note ?? '');
          toast.success(text.noteSaved);
        },
        onError: (caught) => {
          setError(errorMessage(caught));
          toast.error(text.noteSaveFailed, { description: errorMessage(caught) });
        },
      },
    );
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-2" noValidate>
      <FormField id={fieldId} label={text.noteLabel} hint={text.noteHint} error={error ?? undefined} alertError>
        {(control) => <Textarea {...control} value={draft} onChange={(event) => setDraft(event.target.value)} />}
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {text.noteSave}
        </Button>
      </div>
    </form>
  );
}
