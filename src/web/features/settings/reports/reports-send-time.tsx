import { useId, useState } from 'react';
import { formatMessage } from '@shared/messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import { dailyCronExpression } from '@shared/rules/cron';
import { isValidTime } from '@shared/rules/madrid-time';
import type { AdminSettings } from '@shared/schemas/settings';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { OwnerOnlyNote, useOwnerOnlySetting } from '../fields/owner-only';
import { SaveStatus } from '@web/components/save-status';
import { useSettingFieldSave } from '../fields/setting-field-save';

const text = settingsMessages.reports;

/** The report's send time, saved once it is a whole HH:MM, and the cron expression it stands for. */
export function ReportSendTime({ settings }: { settings: AdminSettings }) {
  const id = useId();
  const statusId = `${id}-status`;
  const cronId = `${id}-cron`;
  const noteId = `${id}-owner-only`;
  const save = useSettingFieldSave(settings, 'dailyReportTime');
  const ownerOnly = useOwnerOnlySetting('dailyReportTime');
  // A time input reports '' while a part is missing: that is kept on screen but neither saved nor shown as cron.
  const [typed, setTyped] = useState(save.value);
  const [shown, setShown] = useState(save.value);
  if (save.value !== shown) {
    setShown(save.value);
    setTyped(save.value);
  }
  const cron = dailyCronExpression(save.value);

  const edit = (value: string) => {
    setTyped(value);
    if (isValidTime(value)) save.change(value);
  };

  return (
    <FormField id={id} label={text.sendTime}>
      {(control) => (
        <>
          <Input
            {...control}
            type="time"
            value={typed}
            onChange={(event) => edit(event.target.value)}
            onBlur={save.flush}
            disabled={ownerOnly}
            aria-invalid={save.state === 'error'}
            aria-describedby={ownerOnly ? `${noteId} ${cronId} ${statusId}` : `${cronId} ${statusId}`}
            className="max-w-40"
          />
          {cron && (
            <p id={cronId} className="font-mono text-xs text-muted-foreground">
              {formatMessage(text.cronHint, { cron })}
            </p>
          )}
          {ownerOnly && <OwnerOnlyNote id={noteId} />}
          <SaveStatus id={statusId} state={save.state} error={save.error} />
        </>
      )}
    </FormField>
  );
}
