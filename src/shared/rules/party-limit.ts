// The largest party the guest form can take (issue 50, decision 053): beyond it no table or combination open online
// seats it, or it passes a covers maximum, so neither a time nor the waitlist could ever take it and the guest is
// asked to call. The form's '(llámanos)' sizes and the waitlist's refusal both come from here.
import type { PacingLimits } from './pacing.ts';
import { type Floor, type SeatingScope, seatingOptions } from './table-capacity.ts';

export interface PartyLimitInput extends PacingLimits {
  /** 'Por mesas': the floor and the tables a guest may book online; absent in 'Por cubiertos'. */
  floor?: { floor: Floor; scope: SeatingScope } | undefined;
}

/** The largest party some table or combination in scope seats (0 when none does). */
function largestSeated(floor: Floor, scope: SeatingScope): number {
  const sizes = [...floor.tables.map((table) => table.maxParty), ...floor.combinations.map((combination) => combination.maxParty)];
  // An option's own maximum is the largest party it seats, so the largest seatable party is one of these sizes.
  return Math.max(0, ...sizes.filter((size) => seatingOptions(floor, size, scope).length > 0));
}

/** The largest party the restaurant takes online; null when nothing limits it. */
export function largestParty(input: PartyLimitInput): number | null {
  const limits = [input.maxCoversPerSlot, input.maxCoversPerDay, input.floor ? largestSeated(input.floor.floor, input.floor.scope) : null];
  const set = limits.filter((limit): limit is number => limit !== null);
  return set.length > 0 ? Math.min(...set) : null;
}

export { beyondLargestParty } from './beyond-largest-party.ts';
