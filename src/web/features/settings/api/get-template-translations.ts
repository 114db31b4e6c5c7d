import { useQuery } from '@tanstack/react-query';
import type { TemplateTranslationsView } from '@shared/schemas/template-translations';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under restaurant_config, so another member of staff's save refreshes it live. */
export const templateTranslationsQueryKey = liveKey('restaurant_config', 'template-translations');

/** The templates in the other guest languages; the shipped wording comes from here, not from a catalogue in the bundle. */
export function useTemplateTranslations() {
  return useQuery({
    queryKey: templateTranslationsQueryKey,
    queryFn: ({ signal }) => apiFetch<TemplateTranslationsView>('/api/admin/settings/template-translations', { signal }),
  });
}
