// A catalogue text named by its place (issue 42): 'reservation.errors.noTable' is typed from the catalogue's shape,
// so a key that names no text fails tsc, and the same key reads the text in any language's catalogue.
import type { FirstScreenTexts } from './first-screen-texts.ts';
import type { TextValues } from './format-text.ts';
import type { GuestTexts } from './guest-texts.ts';

/** The dotted path of every text (string leaf) of `T`; lists (the weekdays) are not texts of their own. */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends readonly unknown[] ? never : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

export type GuestTextKey = TextKey<GuestTexts>;
/** The texts of the first load: what the shared schemas and the booking page may name. */
export type FirstScreenTextKey = TextKey<FirstScreenTexts>;

/** A guest text by its key and the values of its placeholders, said in whichever language it is shown in. */
export interface GuestText {
  readonly key: GuestTextKey;
  readonly values?: TextValues;
}

export const guestText = (key: GuestTextKey, values?: TextValues): GuestText => (values ? { key, values } : { key });

/** The text at `key` in `catalogue` (in the browser, a translated text with arguments is compiled: format it). */
export function textAt<T>(catalogue: T, key: TextKey<T>): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}
