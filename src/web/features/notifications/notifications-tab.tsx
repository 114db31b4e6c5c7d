import { staffMessages } from '@shared/staff-messages';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { type Section, SectionTabs } from '@web/components/section-tabs';
import { NotificationChannels } from './notification-channels';
import { NotificationTemplates } from './notification-templates';
import { NotificationTests } from './notification-tests';

const text = notificationsMessages.tabs;

const SECTIONS: readonly Section[] = [
  { value: 'plantillas', label: text.templates, Content: NotificationTemplates },
  { value: 'configuracion', label: text.settings, Content: NotificationChannels },
  { value: 'pruebas', label: text.tests, Content: NotificationTests },
];

/** The Notificaciones tab of /admin (spec point 2): Plantillas, Configuración, Pruebas. */
export function NotificationsTab() {
  return <SectionTabs label={staffMessages.admin.tabs.notifications} sections={SECTIONS} />;
}
