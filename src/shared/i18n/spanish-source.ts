// A Spanish text → the same text in another language, found by its place in the catalogue (as gettext finds a
// translation by its source text). For texts that reach a screen without their key: the shared zod schemas'
// messages and the server's error answers, written in Spanish where they are raised.

/** The text at the same place in `translation` as `text` in `spanish`, or null when `spanish` does not hold it. */
export function translationOf(text: string, spanish: unknown, translation: unknown): string | null {
  if (typeof spanish === 'string') return spanish === text && translation !== undefined ? (translation as string) : null;
  if (!spanish || typeof spanish !== 'object' || !translation || typeof translation !== 'object') return null;
  for (const [key, child] of Object.entries(spanish)) {
    const found = translationOf(text, child, (translation as Record<string, unknown>)[key]);
    if (found !== null) return found;
  }
  return null;
}
