/*
 * Stripe's API takes application/x-www-form-urlencoded bodies (and GET query strings) in bracket notation:
 * `metadata[booking]=x`, `payment_method_types[]=card`, `expand[0]=setup_intent`. The SDK sends arrays with
 * indices; curl users write `[]`. Both become arrays here, named keys become objects.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const head = /^[^[]+/.exec(rawKey)?.[0];
    if (head === undefined) continue;
    const segments = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1] ?? '')];
    assign(root, segments, value);
  }
  return root;
}

function assign(container: FormObject | FormValue[], segments: string[], value: string): void {
  const [segment, ...rest] = segments;
  if (segment === undefined) return;
  if (Array.isArray(container)) {
    const index = segment === '' ? container.length : Number(segment);
    if (rest.length === 0) container[index] = value;
    else {
      container[index] ??= /^\d*$/.test(rest[0] ?? '') ? [] : {};
      assign(container[index] as FormObject | FormValue[], rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    container[segment] = value;
    return;
  }
  const next = rest[0] ?? '';
  if (!(segment in container) || typeof container[segment] === 'string') {
    container[segment] = next === '' || /^\d+$/.test(next) ? [] : {};
  }
  assign(container[segment] as FormObject | FormValue[], rest, value);
}

/** A string field, or undefined when absent or not a string. */
export function stringField(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

/** A whole-number field (Stripe's amounts and timestamps), or undefined; NaN when present but not an integer. */
export function integerField(form: FormObject, key: string): number | undefined {
  const value = stringField(form, key);
  if (value === undefined) return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

export function booleanField(form: FormObject, key: string): boolean {
  return stringField(form, key) === 'true';
}

/** `metadata[...]`: Stripe keeps string values only. */
export function metadataField(form: FormObject): Record<string, string> {
  const value = form.metadata;
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return {};
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') metadata[key] = entry;
  return metadata;
}

/** `expand[]` / `expand[0]`: the fields to expand. */
export function listField(form: FormObject, key: string): string[] {
  const value = form[key];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string');
}
