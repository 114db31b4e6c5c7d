// The privacy module's front door (issue 24, decision 026): other modules and the routes import from here.
export { retentionJob } from './retention.ts';
export { eraseGuest, exportGuest, latestPrivacyEvents, type GuestExport, type PrivacyActor } from './guest-data.ts';
export { confirmErasure, emailErasureLink, emailGuestExport, erasureLinkView, mintErasureToken } from './guest-requests.ts';
