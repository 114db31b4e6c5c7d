import { useId } from 'react';
import { RotateCcw } from 'lucide-react';
import { restaurantConfigDefaults } from '@shared/defaults';
import { GUEST_CANCEL_LIMIT_HOURS_MAX, GUEST_CANCEL_LIMIT_HOURS_MIN, RESERVATION_DURATIONS } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { messagesCentreMessages, settingsMessages } from '@shared/staff-messages/settings';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { CapacityFields } from './capacity-fields';
import { CardGuaranteeFields } from './card-guarantee-fields';
import { GuestTagOptions } from './guest-tag-options';
import { CoversPacingFields } from './covers-pacing-fields';
import { SaveStatus } from '@web/components/save-status';
import { SettingField } from '../fields/setting-field';
import { NumberSettingField } from '../fields/setting-field-number';
import { restoreDefault, type SettingFieldSave } from '../fields/setting-field-save';
import { useImmediateSetting } from '../fields/setting-field-immediate';
import { WithAdminSettings } from '../fields/setting-field-query';
import { SettingSwitch } from '../fields/setting-field-switch';
import { useSaveStatus } from '@web/components/use-save-status';

const text = settingsMessages.reservations;

/**
 * Configuración › Reservas: duration, auto-confirmation, the pause of all reservations, the cancellation policy,
 * covers pacing, capacity, the guest tags staff may use and the card guarantee (issue 45).
 */
export function ReservationsPanel() {
  return <WithAdminSettings>{(settings) => <ReservationFields settings={settings} />}</WithAdminSettings>;
}

function ReservationFields({ settings }: { settings: AdminSettings }) {
  const durationId = useId();
  const { save, pending } = useImmediateSetting();
  const duration = pending?.reservationDurationMinutes ?? settings.reservationDurationMinutes;
  const durationStatus = useSaveStatus();
  // Which rule decides a stay is capacity's (capacity/mode.ts on the server): the hint says which, by the saved mode.
  const durationHint = settings.capacityMode === 'tables' ? text.durationHintTables : text.durationHintCovers;

  return (
    <Card>
      <CardContent className="grid gap-5 pt-4 sm:pt-6">
        <div className="flex max-w-md flex-col gap-1.5">
          <Label htmlFor={durationId}>{text.duration}</Label>
          <select
            id={durationId}
            value={duration}
            onChange={(event) => durationStatus.track(save({ reservationDurationMinutes: Number(event.target.value) }))}
            aria-describedby={`${durationId}-hint ${durationId}-status`}
            className={cn(fieldClassName, 'h-11')}
          >
            {RESERVATION_DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatMessage(text.durationOption, { minutes })}
              </option>
            ))}
          </select>
          <p id={`${durationId}-hint`} className="text-xs text-muted-foreground">
            {durationHint}
          </p>
          <SaveStatus id={`${durationId}-status`} state={durationStatus.state} error={durationStatus.error} />
        </div>
        <GuestCancelLimitField settings={settings} save={save} />
        <SettingSwitch
          label={text.autoConfirmation}
          checked={pending?.autoConfirmationEnabled ?? settings.autoConfirmationEnabled}
          onCheckedChange={(checked) => save({ autoConfirmationEnabled: checked })}
        />
        <SettingSwitch
          label={text.pauseAll}
          checked={pending?.reservationsPaused ?? settings.reservationsPaused}
          onCheckedChange={(checked) => save({ reservationsPaused: checked })}
        />
        <SettingField settings={settings} field="cancellationPolicy" label={text.cancellationPolicy} multiline>
          {(policy) => <RestorePolicyButton policy={policy} />}
        </SettingField>
        <CoversPacingFields settings={settings} save={save} />
        <CapacityFields settings={settings} save={save} />
        <GuestTagOptions settings={settings} save={save} />
        <CardGuaranteeFields />
      </CardContent>
    </Card>
  );
}

/** Hours before the reservation until which guests may cancel from their link; saved when the field is left. */
function GuestCancelLimitField({ settings, save }: { settings: AdminSettings; save: (patch: SettingsPatch) => void }) {
  return (
    <NumberSettingField
      label={text.guestCancelLimit}
      saved={settings.guestCancelLimitHours}
      min={GUEST_CANCEL_LIMIT_HOURS_MIN}
      max={GUEST_CANCEL_LIMIT_HOURS_MAX}
      hint={text.guestCancelLimitHint}
      invalidMessage={settingsMessages.validation.guestCancelLimitInvalid}
      onSave={(hours) => save({ guestCancelLimitHours: hours })}
    />
  );
}

function RestorePolicyButton({ policy }: { policy: SettingFieldSave }) {
  const restore = () => restoreDefault(policy, restaurantConfigDefaults.cancellationPolicy);
  return (
    <div>
      <Button variant="outline" size="sm" onClick={() => void restore()} disabled={policy.state === 'saving'}>
        <RotateCcw aria-hidden="true" />
        {messagesCentreMessages.restoreDefault}
      </Button>
    </div>
  );
}
