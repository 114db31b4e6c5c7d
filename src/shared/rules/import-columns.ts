// Which of Mesa's fields a column of another system's export holds, guessed from its header (issue 49, the import):
// the usual Spanish and English headers of TheFork Manager, CoverManager, Excel sheets and the like. The owner sees
// the guess in the mapping and can change it.
import { plainWords } from './plain-words.ts';

export const IMPORT_FIELDS = ['name', 'lastName', 'phone', 'email', 'date', 'time', 'people', 'notes', 'allergens', 'tags', 'status'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Headers as plainWords writes them. The first field whose list holds the header wins. */
const HEADERS: Record<ImportField, readonly string[]> = {
  name: ['nombre', 'nombre cliente', 'nombre del cliente', 'nombre completo', 'cliente', 'name', 'first name', 'firstname', 'full name', 'customer', 'customer name', 'guest', 'guest name'],
  lastName: ['apellidos', 'apellido', 'primer apellido', 'last name', 'lastname', 'surname', 'family name'],
  phone: ['telefono', 'tel', 'tlf', 'tfno', 'movil', 'telefono movil', 'celular', 'phone', 'phone number', 'mobile', 'mobile phone', 'telephone'],
  email: ['email', 'e mail', 'mail', 'correo', 'correo electronico', 'email address'],
  date: ['fecha', 'fecha reserva', 'fecha de la reserva', 'dia', 'date', 'reservation date', 'booking date', 'visit date'],
  time: ['hora', 'hora reserva', 'hora de la reserva', 'turno hora', 'time', 'reservation time', 'booking time'],
  people: ['comensales', 'n comensales', 'nº comensales', 'no comensales', 'num comensales', 'numero de comensales', 'nº personas', 'nº pax', 'pax', 'personas', 'n personas', 'numero de personas', 'cubiertos', 'people', 'covers', 'guests', 'party size', 'party', 'persons'],
  notes: ['notas', 'nota', 'observaciones', 'comentarios', 'comentario', 'peticiones', 'peticion especial', 'notes', 'comments', 'special requests', 'remarks'],
  allergens: ['alergias', 'alergia', 'alergenos', 'intolerancias', 'alergias e intolerancias', 'allergies', 'allergens', 'dietary requirements', 'dietary restrictions'],
  tags: ['etiquetas', 'etiqueta', 'tags', 'tag', 'categoria', 'segmento', 'segment'],
  status: ['estado', 'estado reserva', 'status', 'booking status', 'reservation status'],
};

const BY_HEADER = new Map<string, ImportField>(IMPORT_FIELDS.flatMap((field) => HEADERS[field].map((header) => [header, field] as const)));

export function guessImportField(header: string): ImportField | null {
  return BY_HEADER.get(plainWords(header)) ?? null;
}

/** Each column's guess, each field given to its first column only: a second 'Teléfono' is left for the owner. */
export function guessImportMapping(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = guessImportField(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
