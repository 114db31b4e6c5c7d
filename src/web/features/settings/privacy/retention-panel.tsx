import { RETENTION_MONTHS_MAX, RETENTION_RUN_TIME } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { mayUse } from '@shared/rules/permissions';
import type { AdminSettings } from '@shared/schemas/settings';
import { settingsMessages } from '@shared/staff-messages/settings';
import { QueryState } from '@web/components/query-state';
import { RegionCard } from '@web/components/ui/card';
import { useStaffRole } from '@web/features/auth/session';
import { useBackupStatus } from '@web/features/security/backup-status';
import { useOwnerOnlySetting } from '../fields/owner-only';
import { NumberSettingField } from '../fields/setting-field-number';
import { useImmediateSetting } from '../fields/setting-field-immediate';
import { WithAdminSettings } from '../fields/setting-field-query';

const text = settingsMessages.retention;

const PERIODS = [
  { field: 'retentionReservationMonths', label: text.reservationMonths, hint: text.reservationMonthsHint },
  { field: 'retentionCancelledMonths', label: text.cancelledMonths, hint: text.cancelledMonthsHint },
  { field: 'retentionAllergenMonths', label: text.allergenMonths, hint: text.allergenMonthsHint },
] as const;

/**
 * Configuración › Privacidad › 'Conservación de datos' (issue 24): how many months the nightly retention run
 * (privacy/retention.ts on the server) keeps guests' personal data, and what the backups still hold.
 */
export function RetentionPanel() {
  return (
    <RegionCard title={text.title} description={text.intro}>
      <WithAdminSettings>{(settings) => <RetentionFields settings={settings} />}</WithAdminSettings>
      <div className="flex flex-col gap-2 text-sm text-muted-foreground">
        <p>{formatMessage(text.schedule, { time: RETENTION_RUN_TIME })}</p>
        <p>{text.policy}</p>
        <BackupsNote />
      </div>
    </RegionCard>
  );
}

/** Each period saved when the field is left or Enter is pressed, with the toast of the other number settings. */
function RetentionFields({ settings }: { settings: AdminSettings }) {
  const { save } = useImmediateSetting();
  // The three periods are owner-only together (issue 41).
  const ownerOnly = useOwnerOnlySetting(PERIODS[0].field);
  return (
    <div className="flex flex-col gap-5">
      {PERIODS.map(({ field, label, hint }) => (
        <NumberSettingField
          key={field}
          label={label}
          saved={settings[field]}
          min={1}
          max={RETENTION_MONTHS_MAX}
          hint={hint}
          invalidMessage={settingsMessages.validation.retentionMonthsInvalid}
          ownerOnly={ownerOnly}
          onSave={(months) => save({ [field]: months })}
        />
      ))}
    </div>
  );
}

/** The backups kept by this server (BACKUP_KEEP); the schedule is the owner's to read, so others get the general rule. */
function BackupsNote() {
  const role = useStaffRole();
  if (role === null) return null;
  return mayUse(role, 'GET', '/backups') ? <BackupsKept /> : <p>{text.backupsOwnerOnly}</p>;
}

function BackupsKept() {
  const status = useBackupStatus();
  if (!status.data) return <QueryState query={status} />;
  const { hour, keep } = status.data.schedule;
  return <p>{hour === null ? text.backupsOff : formatMessage(text.backups, { keep })}</p>;
}
