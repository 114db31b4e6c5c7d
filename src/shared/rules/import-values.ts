// Values as the exports of other reservation systems and spreadsheets write them (issue 49, the import): Spanish
// day-first dates, Excel's serial dates and day fractions, '21:30h', '8 pax', allergies in words. Each reads one
// cell and answers Mesa's own form, or null when the cell cannot be read without guessing.
import { ALLERGENS } from '../limits.ts';
import { isValidDate, isValidTime } from './madrid-time.ts';
import { plainWords } from './plain-words.ts';

type Allergen = (typeof ALLERGENS)[number];

const pad = (value: number) => String(value).padStart(2, '0');
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A calendar date, 'yyyy-MM-dd': ISO, day-first ('25/12/2026', '5-1-27', '25.12.2026') or an Excel serial number. */
export function importDate(cell: string): string | null {
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s+\d{1,2}[:.]\d{2}(?::\d{2})?\s*h?)?$/i.exec(text);
  const serial = /^(\d{5})(?:[.,]\d+)?$/.exec(text);
  let date: string | null = null;
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else if (dayFirst) {
    const year = dayFirst[3]!.length === 2 ? 2000 + Number(dayFirst[3]) : Number(dayFirst[3]);
    date = `${year}-${pad(Number(dayFirst[2]))}-${pad(Number(dayFirst[1]))}`;
  } else if (serial && Number(serial[1]) >= 20_000 && Number(serial[1]) <= 80_000) {
    date = new Date(EXCEL_EPOCH_MS + Number(serial[1]) * DAY_MS).toISOString().slice(0, 10);
  }
  return date !== null && isValidDate(date) ? date : null;
}

/** A wall-clock time, 'HH:mm': '21:30', '21.30', '21:30h', '21h30', '21 h', '9:30 PM', an Excel day fraction or an ISO date-time's time. */
export function importTime(cell: string): string | null {
  const text = cell.trim();
  const dateTime = /^\d{4}-\d{2}-\d{2}[T ](\d{1,2}):(\d{2})/.exec(text) ?? /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s+(\d{1,2})[:.](\d{2})/.exec(text);
  const clock = /^(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?(?::\d{2})?\s*(?:h|hrs?|horas?)?\.?$/i.exec(text);
  const twelve = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(text);
  const fraction = /^0?[.,](\d+)$/.exec(text);
  let hours: number;
  let minutes: number;
  if (dateTime) [hours, minutes] = [Number(dateTime[1]), Number(dateTime[2])];
  else if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > 12) return null;
    hours = (hour % 12) + (twelve[3]!.toLowerCase() === 'p' ? 12 : 0);
    minutes = Number(twelve[2] ?? 0);
  } else if (clock) [hours, minutes] = [Number(clock[1]), Number(clock[2] ?? 0)];
  else if (fraction) {
    const total = Math.round(Number(`0.${fraction[1]}`) * 24 * 60);
    [hours, minutes] = [Math.floor(total / 60) % 24, total % 60];
  } else return null;
  const time = `${pad(hours)}:${pad(minutes)}`;
  return isValidTime(time) ? time : null;
}

/** A party: '8', '8 pax', '8 personas', '4 comensales', '2 + 1' (adults and children); null for none or nonsense. */
export function importPartySize(cell: string): number | null {
  const match = /^(\d{1,3})(?:\s*\+\s*(\d{1,3}))?\s*(?:pax|personas?|pers\.?|comensales?|cubiertos?|people|persons?|guests?|covers?)?$/i.exec(cell.trim());
  if (!match) return null;
  const people = Number(match[1]) + Number(match[2] ?? 0);
  return people > 0 ? people : null;
}

/** Words for each of the 14 EU allergens, in Spanish and English, as guests and staff write them (plain: no accents). */
const ALLERGEN_WORDS: Record<Allergen, readonly string[]> = {
  gluten: ['gluten', 'celiaco', 'celiaca', 'celiacos', 'celiaquia', 'trigo', 'wheat', 'coeliac', 'celiac'],
  crustaceans: ['crustaceos', 'crustaceo', 'marisco', 'mariscos', 'gambas', 'langostinos', 'shellfish', 'crustaceans', 'prawns', 'shrimp'],
  eggs: ['huevo', 'huevos', 'egg', 'eggs'],
  fish: ['pescado', 'pescados', 'fish'],
  peanuts: ['cacahuete', 'cacahuetes', 'mani', 'peanut', 'peanuts'],
  soy: ['soja', 'soy', 'soya'],
  milk: ['leche', 'lactosa', 'lacteos', 'lacteo', 'milk', 'lactose', 'dairy'],
  nuts: ['frutos secos', 'fruto seco', 'nueces', 'nuez', 'almendra', 'almendras', 'avellana', 'avellanas', 'anacardos', 'pistachos', 'nuts', 'tree nuts', 'almonds', 'hazelnuts', 'walnuts'],
  celery: ['apio', 'celery'],
  mustard: ['mostaza', 'mustard'],
  sesame: ['sesamo', 'sesame'],
  sulphites: ['sulfitos', 'sulfito', 'sulphites', 'sulfites', 'sulphite', 'sulfite'],
  lupin: ['altramuz', 'altramuces', 'lupin', 'lupino'],
  molluscs: ['moluscos', 'molusco', 'mejillones', 'almejas', 'calamar', 'calamares', 'pulpo', 'sepia', 'ostras', 'molluscs', 'mollusks', 'mussels', 'clams', 'squid', 'oysters'],
};

/** The allergens a cell names ('Celíaco, sin lactosa', 'nuts; shellfish'), in the Regulation's order. */
export function importAllergens(cell: string): Allergen[] {
  const words = ` ${plainWords(cell)} `;
  return ALLERGENS.filter((allergen) => ALLERGEN_WORDS[allergen].some((word) => words.includes(` ${word} `)));
}
