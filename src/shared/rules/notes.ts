import { CLIENT_NOTE_PREFIX } from '../limits.ts';

export interface ReservationNote {
  fromClient: boolean;
  text: string;
}

/** A note written by the customer carries the '[Cliente]' prefix, which is not shown. Null when there is none. */
export function parseNote(adminNotes: string | null): ReservationNote | null {
  const note = adminNotes?.trim() ?? '';
  if (note === '') return null;
  if (note.startsWith(CLIENT_NOTE_PREFIX)) {
    const text = note.slice(CLIENT_NOTE_PREFIX.length).trim();
    return text === '' ? null : { fromClient: true, text };
  }
  return { fromClient: false, text: note };
}
