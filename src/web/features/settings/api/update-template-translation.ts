import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslatedLanguage } from '@shared/i18n/languages';
import type { TemplateTranslationInput, TemplateTranslationsView } from '@shared/schemas/template-translations';
import { apiFetch } from '@web/lib/api';
import { templateTranslationsQueryKey } from './get-template-translations';

interface TemplateTranslationChange extends TemplateTranslationInput {
  language: TranslatedLanguage;
}

/** PUT one language's changed templates (a null brings back the shipped wording); answers every language. */
export function updateTemplateTranslation({ language, texts }: TemplateTranslationChange): Promise<TemplateTranslationsView> {
  return apiFetch<TemplateTranslationsView>(`/api/admin/settings/template-translations/${language}`, { method: 'PUT', body: { texts } });
}

export function useUpdateTemplateTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplateTranslation,
    onSuccess: (view) => queryClient.setQueryData(templateTranslationsQueryKey, view),
  });
}
