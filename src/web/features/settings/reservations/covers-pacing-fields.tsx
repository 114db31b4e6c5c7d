import { MAX_COVERS_PER_DAY_LIMIT, MAX_COVERS_PER_SLOT_LIMIT } from '@shared/limits';
import { formatMessage, messages } from '@shared/messages';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { NumberSettingField } from '../fields/setting-field-number';
import { SettingsSubsection } from '../fields/settings-subsection';

const text = messages.pacing;

const MAXIMA = [
  {
    label: text.maxPerSlot,
    max: MAX_COVERS_PER_SLOT_LIMIT,
    saved: (settings: AdminSettings) => settings.maxCoversPerSlot,
    patch: (maxCoversPerSlot: number | null): SettingsPatch => ({ maxCoversPerSlot }),
  },
  {
    label: text.maxPerDay,
    max: MAX_COVERS_PER_DAY_LIMIT,
    saved: (settings: AdminSettings) => settings.maxCoversPerDay,
    patch: (maxCoversPerDay: number | null): SettingsPatch => ({ maxCoversPerDay }),
  },
];

/** Configuración › Reservas › 'Ritmo de cubiertos': both maxima empty (no limit) until the owner sets one. */
export function CoversPacingFields({ settings, save }: { settings: AdminSettings; save: (patch: SettingsPatch) => void }) {
  return (
    <SettingsSubsection title={text.settingsTitle} hint={text.settingsHint}>
      <div className="grid gap-4 sm:grid-cols-2">
        {MAXIMA.map(({ label, max, saved, patch }) => (
          <NumberSettingField
            key={label}
            label={label}
            saved={saved(settings)}
            min={1}
            max={max}
            emptyAllowed
            placeholder={text.noLimit}
            hint={text.noLimitHint}
            invalidMessage={formatMessage(text.maxInvalid, { max })}
            onSave={(value) => save(patch(value))}
          />
        ))}
      </div>
    </SettingsSubsection>
  );
}
