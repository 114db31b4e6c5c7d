import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { ALLERGENS } from '@shared/limits';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { Allergen, GuestView } from '@shared/schemas/guest';
import { Button } from '@web/components/ui/button';
import { CheckOption } from '@web/components/ui/check-option';
import { errorMessage } from '@web/lib/api';
import { useUpdateGuestTags } from './api/update-guest';

const text = staffMessages.guests;

const toggled = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

/** The guest's tags (from the owner's list) and allergens, as checkboxes, saved with one button (issue 22). */
export function GuestTagsForm({ guest }: { guest: GuestView }) {
  const [tags, setTags] = useState<string[]>(guest.tags);
  const [allergens, setAllergens] = useState<Allergen[]>(guest.allergens);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateGuestTags();
  const errorId = useId();
  // A tag the owner has since removed from the list stays visible on the guest until it is unticked.
  const tagChoices = [...guest.tagOptions, ...guest.tags.filter((tag) => !guest.tagOptions.includes(tag))];

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: guest.id, tags, allergens },
      {
        onSuccess: () => toast.success(text.tagsSaved),
        onError: (caught) => {
          setError(errorMessage(caught));
          toast.error(text.tagsSaveFailed, { description: errorMessage(caught) });
        },
      },
    );
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-3" noValidate aria-describedby={error ? errorId : undefined}>
      <CheckboxGroup legend={text.tagsLabel} empty={tagChoices.length === 0 ? text.noTagOptions : null}>
        {tagChoices.map((tag) => (
          <CheckOption key={tag} label={tag} checked={tags.includes(tag)} onChange={(event) => setTags((current) => toggled(current, tag, event.target.checked))} />
        ))}
      </CheckboxGroup>
      <CheckboxGroup legend={text.allergensLabel} hint={text.allergensHint}>
        {ALLERGENS.map((code) => (
          <CheckOption
            key={code}
            label={messages.allergens[code]}
            checked={allergens.includes(code)}
            onChange={(event) => setAllergens((current) => toggled(current, code, event.target.checked))}
          />
        ))}
      </CheckboxGroup>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {text.tagsSave}
        </Button>
      </div>
    </form>
  );
}

function CheckboxGroup({ legend, hint, empty = null, children }: { legend: string; hint?: string; empty?: string | null; children: ReactNode }) {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : <div className="grid grid-cols-1 gap-x-4 min-[420px]:grid-cols-2">{children}</div>}
    </fieldset>
  );
}
