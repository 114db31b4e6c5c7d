// Staff's own wording of the guest templates in the languages other than Spanish (issue 26, decision 031).
import { eq } from 'drizzle-orm';
import { TEMPLATE_KEYS, type TemplateKey, type TemplateTranslations } from '@shared/i18n/guest-email-texts.ts';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@shared/i18n/languages.ts';
import { guestEmailTranslations } from '@shared/i18n/translations/index.ts';
import type { TemplateTranslationsView, TemplateTranslationTexts } from '@shared/schemas/template-translations.ts';
import { restaurantConfig } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getRestaurantConfig } from './service.ts';

function viewOf(own: TemplateTranslations): TemplateTranslationsView {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        TEMPLATE_KEYS.map((key) => [key, { own: own[language]?.[key] ?? null, shipped: guestEmailTranslations[language].templates[key] }]),
      ),
    ]),
  ) as TemplateTranslationsView;
}

export async function templateTranslations({ db }: ServiceDeps): Promise<TemplateTranslationsView> {
  return viewOf((await getRestaurantConfig(db)).templateTranslations);
}

/**
 * Replaces the given templates of one language, leaving the others' as they are. A text equal to the shipped
 * translation is not kept as staff's own, so it follows the shipped one when a later version of Mesa improves it.
 */
export async function saveTemplateTranslations(
  deps: ServiceDeps,
  language: TranslatedLanguage,
  texts: TemplateTranslationTexts,
): Promise<TemplateTranslationsView> {
  await deps.db.transaction(async (tx) => {
    // Locked: two members of staff saving different languages at once each keep their change.
    const { templateTranslations: current } = await getRestaurantConfig(tx, { forUpdate: true });
    const own: Partial<Record<TemplateKey, string>> = { ...current[language] };
    for (const key of TEMPLATE_KEYS) {
      const text = texts[key];
      if (text === undefined) continue;
      if (text === null || text === guestEmailTranslations[language].templates[key]) delete own[key];
      else own[key] = text;
    }
    const next: TemplateTranslations = { ...current, [language]: own };
    if (Object.keys(own).length === 0) delete next[language];
    await tx.update(restaurantConfig).set({ templateTranslations: next, updatedAt: deps.clock.now() }).where(eq(restaurantConfig.id, 1));
    await recordChange(tx, { table: 'restaurant_config', action: 'update', id: '1' });
  });
  return templateTranslations(deps);
}
