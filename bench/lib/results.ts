/** One measured figure, with the goal it is held to (if any). */
export interface Measurement {
  scenario: string;
  metric: string;
  value: number | string | null;
  unit: string;
  /** Human-readable goal, e.g. '≥ 0.5' or '< 50 ms'; empty when the figure is informative only. */
  goal: string;
  /** true/false against the goal; null when there is no goal or the scenario was skipped. */
  pass: boolean | null;
  note?: string;
}

export type Check = (value: number) => boolean;

/** Builds a measurement and judges it against `check` (a NaN value never passes). */
export function measure(
  scenario: string,
  metric: string,
  value: number,
  unit: string,
  goal?: { text: string; check: Check },
  note?: string,
): Measurement {
  const pass = goal ? Number.isFinite(value) && goal.check(value) : null;
  return { scenario, metric, value: Number.isFinite(value) ? value : null, unit, goal: goal?.text ?? '', pass, ...(note ? { note } : {}) };
}

export function skipped(scenario: string, note: string): Measurement {
  return { scenario, metric: 'skipped', value: null, unit: '', goal: '', pass: null, note };
}

export const atMost = (limit: number) => ({ text: `≤ ${limit}`, check: (v: number) => v <= limit });
export const below = (limit: number) => ({ text: `< ${limit}`, check: (v: number) => v < limit });
export const atLeast = (limit: number) => ({ text: `≥ ${limit}`, check: (v: number) => v >= limit });
export const exactly = (expected: number) => ({ text: `= ${expected}`, check: (v: number) => v === expected });
