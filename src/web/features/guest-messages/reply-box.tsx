import { type FormEvent, useId, useState } from 'react';
import { Send } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import type { MessageChannel } from '@shared/schemas/messaging';
import { STAFF_REPLY_MAX, staffReplySchema } from '@shared/schemas/guest-message-reply';
import { guestMessageTexts as text } from '@shared/staff-messages/guest-messages';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useReplyToGuest } from './api/reply-to-guest';

interface ReplyBoxProps {
  reservationId: string;
  channel: MessageChannel;
  /** WhatsApp's window's end; null on SMS. */
  openUntil: string | null;
}

/** 'Responder por WhatsApp' / 'Responder por SMS': a free text, queued to the guest on 'Enviar'. */
export function ReplyBox({ reservationId, channel, openUntil }: ReplyBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const reply = useReplyToGuest(reservationId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffReplySchema.safeParse({ text: draft });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? text.errors.textRequired);
    setInvalid(null);
    reply.mutate(parsed.data, { onSuccess: () => setDraft('') });
  };
  const error = invalid ?? (reply.isError ? errorMessage(reply.error) : undefined);
  const hint = openUntil ? formatMessage(text.windowOpenUntil, { when: formatDateTime(openUntil) }) : undefined;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <FormField id={id} label={text.replyLabel[channel]} error={error} hint={hint} alertError>
        {(control) => (
          <Textarea {...control} value={draft} maxLength={STAFF_REPLY_MAX} onChange={(event) => setDraft(event.target.value)} />
        )}
      </FormField>
      <Button type="submit" className="self-end" disabled={reply.isPending}>
        <Send aria-hidden="true" />
        {reply.isPending ? text.sending : text.send}
      </Button>
    </form>
  );
}
