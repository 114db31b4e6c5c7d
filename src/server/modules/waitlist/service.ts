// What the rest of the server may use of the waitlist: the delivery worker's token minting, the instance's minute
// job and change watcher that offer freed places, and an entry's party for the guest's data export.
export { mintWaitlistToken } from './tokens.ts';
export { waitlistJob, watchFreedPlaces } from './matching-triggers.ts';
export { waitingParty } from './queries.ts';
