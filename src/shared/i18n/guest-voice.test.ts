// One voice (issue 50, item 5): Mesa's own Spanish guest texts, pages and emails, address the guest as tú and ask
// for input with 'Introduce'; only the spec's own texts, copied verbatim, may say otherwise.
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { guestEmailTextsEs } from './guest-email-texts.ts';
import { guestTextsEs } from './guest-texts.ts';

type Leaf = { path: string; text: string };

function leaves(value: unknown, path = ''): Leaf[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

/** Usted forms, and the Latin American 'Ingresa' where a Spanish restaurant writes 'Introduce'. */
const USTED =
  /\b(?:usted|ustedes|su|sus|suyo|suya|contáctenos|llámenos|escríbanos|introduzca|ingrese|ingresa|seleccione|elija|verifique|compruebe|indique|pulse|disculpe|inténtelo|vuelva|recuerde)\b/iu;

/** The spec's texts (point 8's and 9's tables), kept verbatim whatever their voice. */
const SPEC_VERBATIM = new Set([
  'Su reserva ha sido confirmada automáticamente. Nos vemos pronto!',
  'Su reserva ha sido cancelada. Si tiene alguna pregunta, contáctenos.',
  'Ingresa un email válido',
]);

/** Staff read these in a booking's change log: a third person about the guest, not an address to them. */
const ABOUT_THE_GUEST = new Set(['guestData.cancelledReason']);

const ownTexts = [...leaves(guestTextsEs), ...leaves(guestEmailTextsEs, 'emails')].filter(
  (leaf) => !SPEC_VERBATIM.has(leaf.text) && !ABOUT_THE_GUEST.has(leaf.path),
);

describe("Mesa's own Spanish guest texts", () => {
  it('scans the pages and the emails', () => {
    expect(ownTexts.length).toBeGreaterThan(300);
    expect(ownTexts.some((leaf) => leaf.path.startsWith('emails.waitlist'))).toBe(true);
  });

  it('address the guest as tú', () => {
    expect(ownTexts.filter((leaf) => USTED.test(leaf.text)).map((leaf) => `${leaf.path}: ${leaf.text}`)).toEqual([]);
  });

  it('the spec texts it allows are still in the catalogue verbatim', () => {
    const all = new Set([...leaves(guestTextsEs), ...leaves(guestEmailTextsEs)].map((leaf) => leaf.text));
    for (const text of SPEC_VERBATIM) expect(all.has(text), text).toBe(true);
  });

  it("the special-requirements field reads as a Spanish restaurant writes it", () => {
    expect(messages.reservation.form.specialRequirement).toBe('Peticiones especiales (opcional)');
    expect(messages.reservation.validation.specialRequirementMax).toBe('Máximo 200 caracteres');
    expect(messages.reservation.validation.specialRequirementInvalid).toBe('Texto contiene caracteres no válidos');
  });
});
