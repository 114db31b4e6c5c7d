import { useId } from 'react';
import { Info } from 'lucide-react';
import { REPORT_TIME_ZONES } from '@shared/limits';
import { settingsMessages } from '@shared/staff-messages/settings';
import type { AdminSettings } from '@shared/schemas/settings';
import { Card, CardContent } from '@web/components/ui/card';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { ReportSendTime } from './reports-send-time';
import { ReportTestButton } from './reports-test-button';
import { OwnerOnlyNote, useOwnerOnlySetting } from '../fields/owner-only';
import { SaveStatus } from '@web/components/save-status';
import { SettingField } from '../fields/setting-field';
import { useImmediateSetting } from '../fields/setting-field-immediate';
import { WithAdminSettings } from '../fields/setting-field-query';
import { SettingSwitch } from '../fields/setting-field-switch';
import { useSaveStatus } from '@web/components/use-save-status';

const text = settingsMessages.reports;

/** Configuración › Informes: who gets the daily report, when, and a test send. */
export function ReportsPanel() {
  return <WithAdminSettings>{(settings) => <ReportFields settings={settings} />}</WithAdminSettings>;
}

function ReportFields({ settings }: { settings: AdminSettings }) {
  const zoneId = useId();
  const zoneNoteId = `${zoneId}-owner-only`;
  const zoneStatusId = `${zoneId}-status`;
  const zoneStatus = useSaveStatus();
  const { save, pending } = useImmediateSetting();
  const switchOwnerOnly = useOwnerOnlySetting('dailyReportEnabled');
  const zoneOwnerOnly = useOwnerOnlySetting('dailyReportTimezone');
  const enabled = pending?.dailyReportEnabled ?? settings.dailyReportEnabled;
  const zone = pending?.dailyReportTimezone ?? settings.dailyReportTimezone;

  return (
    <Card>
      <CardContent className="grid gap-5 pt-4 sm:pt-6 md:grid-cols-2">
        <SettingField settings={settings} field="adminEmail" label={text.adminEmail} type="email" autoComplete="email" />
        <SettingField settings={settings} field="additionalReportEmail" label={text.additionalEmail} type="email" />
        <div className="md:col-span-2">
          <SettingSwitch
            label={text.enabled}
            stateText={enabled ? text.on : text.off}
            checked={enabled}
            onCheckedChange={(checked) => save({ dailyReportEnabled: checked })}
            ownerOnly={switchOwnerOnly}
          />
        </div>
        <ReportSendTime settings={settings} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={zoneId}>{text.timeZone}</Label>
          <select
            id={zoneId}
            value={zone}
            onChange={(event) => zoneStatus.track(save({ dailyReportTimezone: event.target.value }))}
            disabled={zoneOwnerOnly}
            aria-describedby={zoneOwnerOnly ? `${zoneNoteId} ${zoneStatusId}` : zoneStatusId}
            className={cn(fieldClassName, 'h-10')}
          >
            {REPORT_TIME_ZONES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {zoneOwnerOnly && <OwnerOnlyNote id={zoneNoteId} />}
          <SaveStatus id={zoneStatusId} state={zoneStatus.state} error={zoneStatus.error} />
        </div>
        <div className="flex gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900 md:col-span-2">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{text.info}</p>
        </div>
        <div className="md:col-span-2">
          <ReportTestButton adminEmail={settings.adminEmail} />
        </div>
      </CardContent>
    </Card>
  );
}
