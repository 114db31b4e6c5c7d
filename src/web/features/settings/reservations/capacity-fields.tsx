import { CAPACITY_MODES, TURN_MINUTES_MAX, TURN_MINUTES_MIN } from '@shared/limits';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { capacityMessages, settingsMessages } from '@shared/staff-messages/settings';
import { ImmediateRadioGroup } from '@web/components/immediate-radio-group';
import type { SaveOutcome } from '@web/components/use-save-status';
import { NumberSettingField } from '../fields/setting-field-number';
import { SettingsSubsection } from '../fields/settings-subsection';

const text = capacityMessages;

const TURNS = [
  { field: 'turnMinutesUpTo2', label: text.turnUpTo2 },
  { field: 'turnMinutesUpTo4', label: text.turnUpTo4 },
  { field: 'turnMinutesUpTo6', label: text.turnUpTo6 },
  { field: 'turnMinutesMore', label: text.turnMore },
] as const;

/**
 * Configuración › Reservas › 'Capacidad' (issue 21): 'Por cubiertos' (the spec's rule, the default) or 'Por mesas'
 * (the floor decides), and how long a booking holds its table by party size.
 */
export function CapacityFields({ settings, save }: { settings: AdminSettings; save: (patch: SettingsPatch) => SaveOutcome }) {
  return (
    <SettingsSubsection title={text.title}>
      <ImmediateRadioGroup
        legend={text.mode}
        name="capacityMode"
        choices={CAPACITY_MODES}
        saved={settings.capacityMode}
        label={(mode) => text[mode]}
        hint={(mode) => (mode === 'covers' ? text.coversHint : text.tablesHint)}
        save={(mode) => save({ capacityMode: mode })}
      />
      <div className="flex flex-col gap-1">
        <h4 className="text-sm font-medium">{text.turnTitle}</h4>
        <p className="text-xs text-muted-foreground">{text.turnHint}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TURNS.map(({ field, label }) => (
          <NumberSettingField
            key={`${field}-${settings[field]}`}
            label={label}
            saved={settings[field]}
            min={TURN_MINUTES_MIN}
            max={TURN_MINUTES_MAX}
            hint=""
            invalidMessage={settingsMessages.validation.turnMinutesInvalid}
            onSave={(value) => save({ [field]: value })}
          />
        ))}
      </div>
    </SettingsSubsection>
  );
}
