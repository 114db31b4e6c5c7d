// The settings feature's public entry for the templates it shares with the notifications feature,
// which may not reach into settings/api (the feature boundary of eslint.config.js).
export { useAdminSettings } from './api/get-admin-settings';
export { TemplateEditor } from './template-editor';
export { TemplateSwitch, useTemplateSwitch } from './template-switch';
export { TemplateSettingsGate } from './template-settings-gate';
export { TemplateCard } from './template-card';
