import { useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { GeneralPanel } from './general-panel';
import { MessagesCentre } from './messages-centre';
import { OperatingHoursPanel } from './operating-hours-panel';
import { ReportsPanel } from './reports-panel';
import { ReservationsPanel } from './reservations-panel';
import { TimeBlocksPanel } from './time-blocks-panel';

const text = messages.admin.settings.tabs;

const SECTIONS = [
  { value: 'general', label: text.general, Content: GeneralPanel },
  { value: 'horarios', label: text.schedule, Content: SchedulePanels },
  { value: 'reservas', label: text.reservations, Content: ReservationsPanel },
  { value: 'mensajes', label: text.messages, Content: MessagesCentre },
  { value: 'informes', label: text.reports, Content: ReportsPanel },
] as const;

type Section = (typeof SECTIONS)[number]['value'];
const isSection = (value: string | null): value is Section => SECTIONS.some((section) => section.value === value);

/** Horarios: the weekly hours with the Monday exceptions, then the manual time blocks of single dates. */
function SchedulePanels() {
  return (
    <div className="grid gap-6">
      <OperatingHoursPanel />
      <TimeBlocksPanel />
    </div>
  );
}

/** The Configuración tab of /admin (spec point 2); the open sub-tab is kept in ?seccion= so a reload stays on it. */
export function SettingsTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('seccion');
  const section: Section = isSection(requested) ? requested : 'general';
  const select = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('seccion', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Tabs value={section} onValueChange={select}>
      <TabsList aria-label={messages.admin.tabs.settings}>
        {SECTIONS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {SECTIONS.map(({ value, Content }) => (
        <TabsContent key={value} value={value} className="mt-4">
          <Content />
        </TabsContent>
      ))}
    </Tabs>
  );
}
