// What other features may use of the settings: saving a field from elsewhere (the set-up checklist).
export { useUpdateSettings } from './api/update-settings';
