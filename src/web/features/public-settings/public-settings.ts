// The restaurant's public settings (its name, welcome text, logo, whether the card guarantee is on: issue 45) as
// other features read them: the guest pages, the staff card, and settings' logo changes that refresh them. Below
// settings/ so that what settings imports (the reservations UI, charges) can read them without a loop (issue 51).
export { publicSettingsQueryKey, usePublicSettings } from './api/get-public-settings';
