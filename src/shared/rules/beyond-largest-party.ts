// The guest form's side of the largest party (party-limit.ts): a module of its own, so that the booking form does not
// carry the seating rule that computes the limit on the server.

/** A party over the limit: the guest is asked to call. */
export const beyondLargestParty = (limit: number | null, people: number): boolean => limit !== null && people > limit;
