import { mayUse } from '@shared/rules/permissions';
import { staffMessages } from '@shared/staff-messages';
import { paymentSettingsMessages } from '@shared/staff-messages/payments-settings';
import { settingsMessages } from '@shared/staff-messages/settings';
import { type Section, SectionTabs } from '@web/components/section-tabs';
import { useStaffRole } from '@web/features/auth/session';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
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

/** The owner's alone (issue 45), in a chunk of its own: no other role ever loads it. */
const PAYMENTS: Section = {
  value: 'pagos',
  label: paymentSettingsMessages.tab,
  Content: preloadableLazy(() => import('./payments/payments-panel').then((m) => ({ default: m.PaymentsPanel }))),
};

/** The owner's alone too (issue 46): the WhatsApp and Twilio accounts, in their own chunk. */
const MESSAGING: Section = {
  value: 'mensajeria',
  label: text.messaging,
  Content: preloadableLazy(() => import('./messaging/messaging-panel').then((m) => ({ default: m.MessagingPanel }))),
};

/** The owner's alone too (issue 48): the API keys for /api/v1, in their own chunk. */
const INTEGRATIONS: Section = {
  value: 'integraciones',
  label: text.integrations,
  Content: preloadableLazy(() => import('./integrations/integrations-tab').then((m) => ({ default: m.IntegrationsTab }))),
};

/** The owner's alone too (issue 49): guests and bookings from another system's file, in their own chunk. */
const IMPORTS: Section = {
  value: 'importar',
  label: text.imports,
  Content: preloadableLazy(() => import('./imports/imports-tab').then((m) => ({ default: m.ImportsTab }))),
};

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
 * The Configuración tab of /admin (spec point 2): General, Horarios, Reservas, Mensajes, Informes, Correo saliente,
 * Privacidad (issue 24's 'Conservación de datos') and, for the owner, Pagos (issue 45), Mensajería (issue 46),
 * Integraciones (issue 48) and Importar (issue 49).
 */
export function SettingsTab() {
  const role = useStaffRole();
  const sections = role && mayUse(role, 'GET', '/payments/settings') ? [...SECTIONS, PAYMENTS] : SECTIONS;
  const withMessaging = role && mayUse(role, 'GET', '/messaging/settings') ? [...sections, MESSAGING] : sections;
  const withIntegrations = role && mayUse(role, 'GET', '/integrations/api-keys') ? [...withMessaging, INTEGRATIONS] : withMessaging;
  const withImports = role && mayUse(role, 'GET', '/imports') ? [...withIntegrations, IMPORTS] : withIntegrations;
  return <SectionTabs label={staffMessages.admin.tabs.settings} sections={withImports} />;
}
