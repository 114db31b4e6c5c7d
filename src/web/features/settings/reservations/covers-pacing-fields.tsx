import { useId } from 'react';
import { MAX_COVERS_PER_DAY_LIMIT, MAX_COVERS_PER_SLOT_LIMIT } from '@shared/limits';
import { formatMessage, messages } from '@shared/messages';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { NumberSettingField } from '../fields/setting-field-number';

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
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="text-sm font-semibold">
          {text.settingsTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{text.settingsHint}</p>
      </div>
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
    </section>
  );
}
