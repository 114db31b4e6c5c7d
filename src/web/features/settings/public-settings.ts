// The public settings as other features read them (the staff card asks whether the card guarantee is on, issue 45).
export { usePublicSettings } from './api/get-public-settings';
