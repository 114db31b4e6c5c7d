import { staffMessages } from '@shared/staff-messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import { type Section, SectionTabs } from '@web/components/section-tabs';
import { GeneralPanel } from './general/general-panel';
import { MailPanel } from './mail/mail-panel';
import { MessagesCentre } from './messages/messages-centre';
import { OperatingHoursPanel } from './schedule/operating-hours-panel';
import { RetentionPanel } from './privacy/retention-panel';
import { ReportsPanel } from './reports/reports-panel';
import { ReservationsPanel } from './reservations/reservations-panel';
import { TimeBlocksPanel } from './schedule/time-blocks-panel';

const text = settingsMessages.tabs;

const SECTIONS: readonly Section[] = [
  { value: 'general', label: text.general, Content: GeneralPanel },
  { value: 'horarios', label: text.schedule, Content: SchedulePanels },
  { value: 'reservas', label: text.reservations, Content: ReservationsPanel },
  { value: 'mensajes', label: text.messages, Content: MessagesCentre },
  { value: 'informes', label: text.reports, Content: ReportsPanel },
  { value: 'correo', label: text.mail, Content: MailPanel },
  { value: 'privacidad', label: text.privacy, Content: RetentionPanel },
];

/** Horarios: the weekly hours with the Monday exceptions, then the manual time blocks of single dates. */
function SchedulePanels() {
  return (
    <div className="grid gap-6">
      <OperatingHoursPanel />
      <TimeBlocksPanel />
    </div>
  );
}

/**
 * The Configuración tab of /admin (spec point 2): General, Horarios, Reservas, Mensajes, Informes, Correo saliente, and
 * Privacidad (issue 24's 'Conservación de datos').
 */
export function SettingsTab() {
  return <SectionTabs label={staffMessages.admin.tabs.settings} sections={SECTIONS} />;
}
