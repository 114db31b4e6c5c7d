import { useId, useState } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { messagesCentreMessages, settingsMessages } from '@shared/staff-messages/settings';
import { FeedbackSettingsCard } from './feedback-settings-card';
import { TemplateCard } from './template-card';
import { TemplateEditor } from './template-editor';
import { TemplateSettingsGate } from './template-settings-gate';
import { TemplateLanguageSelect } from './template-language-select';
import { TemplateSwitch, useTemplateSwitch } from './template-switch';
import { TemplateTranslations } from './template-translations';

const text = messagesCentreMessages;
const labels = notificationsMessages;

/**
 * Mensajes: every message template of restaurant_config with its switch, preview and restore-default (spec point 2),
 * in Spanish; in the guests' other languages, staff's own wording over the shipped translation (issue 26).
 */
export function MessagesCentre() {
  const titleId = useId();
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <header className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {text.title}
        </h2>
        <p className="text-sm text-muted-foreground">{text.description}</p>
      </header>
      <TemplateLanguageSelect value={language} onChange={setLanguage} />
      <TemplateSettingsGate>
        {language === DEFAULT_LANGUAGE ? <SpanishTemplates /> : <TemplateTranslations key={language} language={language} />}
      </TemplateSettingsGate>
      <FeedbackSettingsCard />
    </section>
  );
}

function SpanishTemplates() {
  return (
    <>
      <WelcomeEmailCard />
      <TemplateCard title={text.confirmation}>
        <TemplateEditor field="confirmationMessage" label={settingsMessages.general.confirmationMessage} />
      </TemplateCard>
      <TemplateCard title={text.autoConfirmation}>
        <TemplateEditor field="autoConfirmationMessage" label={labels.autoConfirmation} />
      </TemplateCard>
      <ReminderCards />
      <TemplateCard title={text.cancellation}>
        <TemplateEditor field="cancellationSubject" label={text.cancellationSubject} />
        <TemplateEditor field="cancellationMessage" label={labels.cancellation} />
      </TemplateCard>
    </>
  );
}

function WelcomeEmailCard() {
  const enabled = useTemplateSwitch('welcomeEmailEnabled');
  return (
    <TemplateCard title={text.welcomeEmail}>
      <TemplateSwitch label={text.welcomeEmailEnabled} control={enabled} />
      <TemplateEditor field="welcomeEmailSubject" label={text.welcomeEmailSubject} disabled={!enabled.checked} />
      <TemplateEditor field="welcomeEmailMessage" label={text.welcomeEmailMessage} disabled={!enabled.checked} />
    </TemplateCard>
  );
}

function ReminderCards() {
  const reminder24h = useTemplateSwitch('reminder24hEnabled');
  const reminder2h = useTemplateSwitch('reminder2hEnabled');
  return (
    <>
      <TemplateCard title={labels.reminder24h}>
        <TemplateSwitch label={text.reminder24hEnabled} control={reminder24h} />
        <TemplateEditor field="reminder24hSubject" label={text.reminder24hSubject} disabled={!reminder24h.checked} />
        <TemplateEditor field="reminder24hMessage" label={text.reminder24hMessage} disabled={!reminder24h.checked} />
      </TemplateCard>
      <TemplateCard title={labels.reminder2h}>
        <TemplateSwitch label={text.reminder2hEnabled} control={reminder2h} />
        <TemplateEditor field="reminder2hSubject" label={text.reminder2hSubject} disabled={!reminder2h.checked} />
        <TemplateEditor field="reminder2hMessage" label={text.reminder2hMessage} disabled={!reminder2h.checked} />
      </TemplateCard>
    </>
  );
}
