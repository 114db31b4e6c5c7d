// schema.org markup as a JSON-LD data block. Browsers neither run nor block a script of this type (script-src does
// not apply to it), and mail clients read it; what matters is that no value can end the element early.

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON whose text holds no `<`, `>` or `&` (so no `</script>` or `<!--`) and no line separators; JSON.parse reads it back unchanged. */
export function htmlSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE, (character) => ESCAPES[character]!);
}

export const jsonLdScript = (data: unknown) => `<script type="application/ld+json">${htmlSafeJson(data)}</script>`;
