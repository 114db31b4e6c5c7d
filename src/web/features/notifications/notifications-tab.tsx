import { useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { NotificationChannels } from './notification-channels';
import { NotificationTemplates } from './notification-templates';
import { NotificationTests } from './notification-tests';

const text = messages.admin.notifications.tabs;

const SECTIONS = [
  { value: 'plantillas', label: text.templates, Content: NotificationTemplates },
  { value: 'configuracion', label: text.settings, Content: NotificationChannels },
  { value: 'pruebas', label: text.tests, Content: NotificationTests },
] as const;

type Section = (typeof SECTIONS)[number]['value'];
const isSection = (value: string | null): value is Section => SECTIONS.some((section) => section.value === value);

/** The Notificaciones tab of /admin (spec point 2); the open inner tab is kept in ?seccion=, as in Configuración. */
export function NotificationsTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('seccion');
  const section: Section = isSection(requested) ? requested : 'plantillas';
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
      <TabsList aria-label={messages.admin.tabs.notifications}>
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
