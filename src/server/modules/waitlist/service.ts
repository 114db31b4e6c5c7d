// What the rest of the server may use of the waitlist: the delivery worker's token minting, and the instance's
// minute job and change watcher that offer freed places.
export { mintWaitlistToken } from './tokens.ts';
export { waitlistJob, watchFreedPlaces } from './matching-triggers.ts';
