import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

export interface Section {
  /** Also the ?seccion= value, so a reload or a shared link opens the same inner tab. */
  value: string;
  label: string;
  Content: ComponentType;
}

/** Inner tabs of an admin tab (Configuración, Notificaciones); the first section opens by default. */
export function SectionTabs({ label, sections }: { label: string; sections: readonly Section[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('seccion');
  const section = sections.find((candidate) => candidate.value === requested)?.value ?? sections[0]!.value;
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
      <TabsList aria-label={label}>
        {sections.map(({ value, label: sectionLabel }) => (
          <TabsTrigger key={value} value={value}>
            {sectionLabel}
          </TabsTrigger>
        ))}
      </TabsList>
      {sections.map(({ value, Content }) => (
        <TabsContent key={value} value={value} className="mt-4">
          <Content />
        </TabsContent>
      ))}
    </Tabs>
  );
}
