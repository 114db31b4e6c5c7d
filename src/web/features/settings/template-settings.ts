// The settings feature's public entry for the templates it shares with the notifications feature,
// which may not reach into settings/api (the feature boundary of eslint.config.js).
export { useAdminSettings } from './api/get-admin-settings';
export { TemplateEditor } from './messages/template-editor';
export { TemplateSwitch, useTemplateSwitch } from './messages/template-switch';
export { TemplateSettingsGate } from './messages/template-settings-gate';
export { TemplateCard } from './messages/template-card';
