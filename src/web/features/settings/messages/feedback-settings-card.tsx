import { FEEDBACK_DELAY_HOURS_MAX, FEEDBACK_DELAY_HOURS_MIN } from '@shared/limits';
import type { AdminSettings } from '@shared/schemas/settings';
import { feedbackStaffMessages } from '@shared/staff-messages/feedback';
import { RegionCard } from '@web/components/ui/card';
import { NumberSettingField } from '../fields/setting-field-number';
import { SettingField } from '../fields/setting-field';
import { useImmediateSetting } from '../fields/setting-field-immediate';
import { WithAdminSettings } from '../fields/setting-field-query';
import { SettingSwitch } from '../fields/setting-field-switch';

const text = feedbackStaffMessages.settings;

/** Mensajes › 'Valoraciones después de la visita' (issue 47): the request's switch and delay, and the Google link. */
export function FeedbackSettingsCard() {
  return (
    <RegionCard title={text.title} description={text.description}>
      <WithAdminSettings>{(settings) => <FeedbackFields settings={settings} />}</WithAdminSettings>
    </RegionCard>
  );
}

function FeedbackFields({ settings }: { settings: AdminSettings }) {
  const { save, pending } = useImmediateSetting();
  const enabled = pending?.feedbackEnabled ?? settings.feedbackEnabled;
  return (
    <div className="flex flex-col gap-5">
      <SettingSwitch label={text.enabled} checked={enabled} onCheckedChange={(checked) => save({ feedbackEnabled: checked })} />
      <NumberSettingField
        label={text.delay}
        saved={settings.feedbackDelayHours}
        min={FEEDBACK_DELAY_HOURS_MIN}
        max={FEEDBACK_DELAY_HOURS_MAX}
        hint={text.delayHint}
        invalidMessage={feedbackStaffMessages.validation.delay}
        onSave={(hours) => save({ feedbackDelayHours: hours })}
      />
      <div className="flex flex-col gap-1.5">
        <SettingField settings={settings} field="googleReviewUrl" label={text.googleReviewUrl} type="text" autoComplete="url" />
        <p className="text-xs text-muted-foreground">{text.googleReviewUrlHint}</p>
      </div>
    </div>
  );
}
