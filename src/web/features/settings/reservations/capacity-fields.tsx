import { useState } from 'react';
import { CAPACITY_MODES, TURN_MINUTES_MAX, TURN_MINUTES_MIN } from '@shared/limits';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { capacityMessages, settingsMessages } from '@shared/staff-messages/settings';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { HintedRadioOption } from '@web/components/ui/check-option';
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
export function CapacityFields({ settings, save }: { settings: AdminSettings; save: (patch: SettingsPatch, onFailed?: () => void) => void }) {
  // The choice shows at once and stays while it is saved (a refusal puts the saved one back); a change from elsewhere
  // (another device) replaces it.
  const [chosen, setChosen] = useState(settings.capacityMode);
  const [seen, setSeen] = useState(settings.capacityMode);
  if (settings.capacityMode !== seen) {
    setSeen(settings.capacityMode);
    setChosen(settings.capacityMode);
  }
  return (
    <SettingsSubsection title={text.title}>
      <LabelledFieldset legend={text.mode} legendClassName="text-sm font-medium" className="grid gap-2">
        {CAPACITY_MODES.map((mode) => (
          <HintedRadioOption
            key={mode}
            name="capacityMode"
            value={mode}
            checked={chosen === mode}
            onChange={() => {
              setChosen(mode);
              save({ capacityMode: mode }, () => setChosen(settings.capacityMode));
            }}
            label={text[mode]}
            hint={mode === 'covers' ? text.coversHint : text.tablesHint}
          />
        ))}
      </LabelledFieldset>
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
