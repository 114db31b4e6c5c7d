import { useId, useState } from 'react';
import { formatMessage } from '@shared/messages';
import { COPY_HOURS_TARGETS, copiedHours, copyHoursDays, type CopyHoursTarget } from '@shared/rules/copy-hours';
import type { OperatingHours } from '@shared/schemas/settings';
import { operatingHoursMessages } from '@shared/staff-messages/settings';
import { HeadedSection } from '@web/components/headed-section';
import { Button } from '@web/components/ui/button';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/lib/lazy-toaster';
import { cn } from '@web/lib/cn';
import { ClosureDeclined, useClosureQuestion } from '@web/features/reservations/closure-choice';
import { useUpdateOperatingHours } from '../api/update-operating-hours';
import { saveDayHours, toastHoursRefused } from './operating-hours-save';

const text = operatingHoursMessages;
const dayName = (day: number) => (text.weekdays[day] ?? '').toLowerCase();

/**
 * 'Copiar un horario' (issue 52): one open day's opening, closing and break copied to the other days, to Monday to
 * Friday or to the weekend (decision 068). Each day is saved as its own field would be, so a day whose bookings the
 * new hours leave outside asks first; going back skips that day.
 */
export function CopyHoursSection({ days }: { days: OperatingHours[] }) {
  const sourceId = useId();
  const openDays = days.filter((day) => day.isOpen);
  const [chosen, setChosen] = useState<number | null>(null);
  const source = openDays.find((day) => day.dayOfWeek === chosen) ?? openDays[0];
  const [copying, setCopying] = useState(false);
  const question = useClosureQuestion();
  const { mutateAsync } = useUpdateOperatingHours();

  if (!source) return null;

  const copy = async (target: CopyHoursTarget) => {
    setCopying(true);
    let copied = 0;
    try {
      for (const day of copyHoursDays(source.dayOfWeek, target)) {
        try {
          await saveDayHours(mutateAsync, question.ask, day, copiedHours(source));
          copied += 1;
        } catch (failure) {
          if (failure instanceof ClosureDeclined) continue;
          toastHoursRefused(failure);
          toast.error(formatMessage(text.copyStopped, { day: dayName(day) }));
          return;
        }
      }
    } finally {
      setCopying(false);
    }
    toast.success(formatMessage(text.copied, { count: copied }));
  };

  return (
    <HeadedSection title={text.copyTitle} level={3} headingClassName="text-base font-semibold" description={text.copyHint} className="grid gap-3 border-b pb-4">
      {question.dialog}
      <div className="flex max-w-xs flex-col gap-1.5">
        <Label htmlFor={sourceId}>{text.copySource}</Label>
        <select
          id={sourceId}
          value={source.dayOfWeek}
          onChange={(event) => setChosen(Number(event.target.value))}
          className={cn(fieldClassName, 'h-11')}
        >
          {openDays.map((day) => (
            <option key={day.dayOfWeek} value={day.dayOfWeek}>
              {text.weekdays[day.dayOfWeek]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2">
        {COPY_HOURS_TARGETS.map((target) => (
          <Button key={target} variant="outline" className="min-h-11" disabled={copying} onClick={() => void copy(target)}>
            {text.copyTargets[target]}
          </Button>
        ))}
      </div>
    </HeadedSection>
  );
}
