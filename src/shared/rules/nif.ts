// Spain's tax identification numbers, checked by their control character: the DNI-based NIF, the NIE of foreign
// residents, the K/L/M NIFs, and the NIF of companies and other entities (formerly CIF).

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const ENTITY_LETTERS = 'JABCDEFGHI';

/** ' b-12.345.674 ' → 'B12345674': what people type with spaces, dots and dashes, as it is stored. */
export const normaliseNif = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

const dniLetterOk = (digits: string, letter: string) => DNI_LETTERS[Number(digits) % 23] === letter;

function entityControlOk(first: string, digits: string, control: string): boolean {
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const digit = Number(digits[i]);
    if (i % 2 === 1) sum += digit;
    else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const expected = (10 - (sum % 10)) % 10;
  const asLetter = ENTITY_LETTERS[expected]!;
  if ('PQRSNW'.includes(first)) return control === asLetter;
  if ('ABEH'.includes(first)) return control === String(expected);
  return control === String(expected) || control === asLetter;
}

export function isValidNif(value: string): boolean {
  const nif = normaliseNif(value);
  if (/^\d{8}[A-Z]$/.test(nif)) return dniLetterOk(nif.slice(0, 8), nif[8]!);
  if (/^[XYZ]\d{7}[A-Z]$/.test(nif)) return dniLetterOk(`${'XYZ'.indexOf(nif[0]!)}${nif.slice(1, 8)}`, nif[8]!);
  if (/^[KLM]\d{7}[A-Z]$/.test(nif)) return dniLetterOk(nif.slice(1, 8), nif[8]!);
  if (/^[A-HJNP-SUVW]\d{7}[0-9A-J]$/.test(nif)) return entityControlOk(nif[0]!, nif.slice(1, 8), nif[8]!);
  return false;
}
