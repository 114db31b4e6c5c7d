import type { TemplateKey } from '@shared/i18n/guest-email-texts';
import type { TranslatedLanguage } from '@shared/i18n/languages';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { messagesCentreMessages, settingsMessages, templateTranslationsMessages } from '@shared/staff-messages/settings';
import { QueryState } from '@web/components/query-state';
import { useAdminSettings } from '../api/get-admin-settings';
import { useTemplateTranslations } from '../api/get-template-translations';
import { TemplateCard } from './template-card';
import { TemplateTranslationEditor } from './template-translation-editor';

const text = messagesCentreMessages;
const labels = notificationsMessages;

interface CardOfTexts {
  title: string;
  hint?: string;
  fields: ReadonlyArray<readonly [TemplateKey, string]>;
}

/** The Spanish view's cards and labels; the landing's two texts, edited in General and Reservas in Spanish, last. */
const CARDS: readonly CardOfTexts[] = [
  {
    title: text.welcomeEmail,
    fields: [
      ['welcomeEmailSubject', text.welcomeEmailSubject],
      ['welcomeEmailMessage', text.welcomeEmailMessage],
    ],
  },
  { title: text.confirmation, fields: [['confirmationMessage', settingsMessages.general.confirmationMessage]] },
  { title: text.autoConfirmation, fields: [['autoConfirmationMessage', labels.autoConfirmation]] },
  {
    title: labels.reminder24h,
    fields: [
      ['reminder24hSubject', text.reminder24hSubject],
      ['reminder24hMessage', text.reminder24hMessage],
    ],
  },
  {
    title: labels.reminder2h,
    fields: [
      ['reminder2hSubject', text.reminder2hSubject],
      ['reminder2hMessage', text.reminder2hMessage],
    ],
  },
  {
    title: text.cancellation,
    fields: [
      ['cancellationSubject', text.cancellationSubject],
      ['cancellationMessage', labels.cancellation],
    ],
  },
  {
    title: templateTranslationsMessages.landingPage,
    hint: templateTranslationsMessages.landingPageHint,
    fields: [
      ['welcomeMessage', settingsMessages.general.welcomeMessage],
      ['cancellationPolicy', settingsMessages.reservations.cancellationPolicy],
    ],
  },
];

/** Every template in `language`. Render it inside TemplateSettingsGate (the preview needs the restaurant's name). */
export function TemplateTranslations({ language }: { language: TranslatedLanguage }) {
  const translations = useTemplateTranslations();
  const { data: settings } = useAdminSettings();
  if (!translations.data || !settings) return <QueryState query={translations} />;
  const texts = translations.data[language];
  return CARDS.map((card) => (
    <TemplateCard key={card.title} title={card.title}>
      {card.hint && <p className="text-sm text-muted-foreground">{card.hint}</p>}
      {card.fields.map(([field, label]) => (
        <TemplateTranslationEditor
          key={field}
          language={language}
          field={field}
          label={label}
          entry={texts[field]}
          restaurantName={settings.name}
        />
      ))}
    </TemplateCard>
  ));
}
