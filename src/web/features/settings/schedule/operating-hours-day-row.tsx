import { useId, useMemo, useState } from 'react';
import { OPENING_HOURS_DEBOUNCE_MS } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { operatingHoursMessages } from '@shared/staff-messages/settings';
import { isValidTime } from '@shared/rules/madrid-time';
import type { OperatingHours } from '@shared/schemas/settings';
import { Badge } from '@web/components/ui/badge';
import { Switch } from '@web/components/ui/switch';
import { toastMondayClosed, useSaveDayHours } from './operating-hours-save';
import { OperatingHoursTimeField } from './operating-hours-time-field';
import { useClosureQuestion } from '@web/features/reservations/closure-choice';
import { SaveStatus } from '@web/components/save-status';
import type { SaveState } from '@web/components/use-save-status';
import { useDebouncedSave } from '../fields/use-debounced-save';

const text = operatingHoursMessages;
const MONDAY = 1;

/** A break as its two inputs; '' is an empty end. Both empty means no break. */
interface BreakPair {
  start: string;
  end: string;
}

const STATE_PRIORITY: SaveState[] = ['error', 'saving', 'waiting', 'saved', 'idle'];

/** One weekday: its open switch and, while open, its four debounced times. */
export function OperatingHoursDayRow({ hours }: { hours: OperatingHours }) {
  const { dayOfWeek } = hours;
  const dayName = text.weekdays[dayOfWeek] ?? '';
  const day = dayName.toLowerCase();
  const isMonday = dayOfWeek === MONDAY;
  const question = useClosureQuestion();
  const save = useSaveDayHours(dayOfWeek, question.ask);
  const mondayHintId = useId();
  const halfId = useId();
  const [switching, setSwitching] = useState(false);

  // A refused time goes back to the saved one; the toast says why.
  const revert = { keepRefused: false };
  const openTime = useDebouncedSave(hours.openTime, (time) => save({ openTime: time }), OPENING_HOURS_DEBOUNCE_MS, revert);
  const closeTime = useDebouncedSave(hours.closeTime, (time) => save({ closeTime: time }), OPENING_HOURS_DEBOUNCE_MS, revert);
  const savedBreak = useMemo<BreakPair>(
    () => ({ start: hours.breakStartTime ?? '', end: hours.breakEndTime ?? '' }),
    [hours.breakStartTime, hours.breakEndTime],
  );
  const breakTimes = useDebouncedSave(
    savedBreak,
    ({ start, end }) =>
      save(start && end ? { breakStartTime: start, breakEndTime: end } : { breakStartTime: null, breakEndTime: null }),
    OPENING_HOURS_DEBOUNCE_MS,
    revert,
  );
  // A break being added with one end only is kept here, unsent: the server wants both ends or none.
  const [halfBreak, setHalfBreak] = useState<BreakPair | null>(null);
  const shownBreak = halfBreak ?? breakTimes.draft;

  const setBreakEnd = (end: keyof BreakPair, time: string) => {
    const next = { ...shownBreak, [end]: time };
    if (isValidTime(next.start) && isValidTime(next.end)) {
      setHalfBreak(null);
      breakTimes.change(next);
    } else {
      setHalfBreak(next);
    }
  };
  // Clearing either end of a saved break removes the whole break.
  const clearBreakEnd = (end: keyof BreakPair) => {
    if (breakTimes.draft.start && breakTimes.draft.end) {
      setHalfBreak(null);
      breakTimes.change({ start: '', end: '' });
      return;
    }
    const next = { ...shownBreak, [end]: '' };
    setHalfBreak(next.start || next.end ? next : null);
  };

  const toggle = async (open: boolean) => {
    if (isMonday && open) {
      toastMondayClosed();
      return;
    }
    setSwitching(true);
    try {
      await save({ isOpen: open });
    } catch {
      // Already toasted; the switch shows the saved state again.
    } finally {
      setSwitching(false);
    }
  };

  const states = [openTime, closeTime, breakTimes];
  const state = STATE_PRIORITY.find((candidate) => states.some((field) => field.state === candidate)) ?? 'idle';
  const error = states.find((field) => field.state === 'error')?.error ?? null;
  const isHalf = halfBreak !== null && (halfBreak.start === '') !== (halfBreak.end === '');

  return (
    <li className="flex flex-col gap-3 py-4">
      {question.dialog}
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          checked={hours.isOpen}
          disabled={isMonday || switching}
          aria-label={formatMessage(text.openSwitchOf, { day })}
          aria-describedby={isMonday ? mondayHintId : undefined}
          onCheckedChange={(checked) => void toggle(checked)}
        />
        <span className="min-w-24 font-semibold">{dayName}</span>
        {hours.isOpen ? (
          <Badge variant="success">{text.open}</Badge>
        ) : (
          <Badge variant="secondary">{text.closed}</Badge>
        )}
        {hours.isOpen && <SaveStatus state={state} error={error} />}
      </div>
      {isMonday && (
        <p id={mondayHintId} className="text-sm text-muted-foreground">
          {text.mondayAlwaysClosed}
        </p>
      )}
      {hours.isOpen && (
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
          <OperatingHoursTimeField
            label={text.openTime}
            ariaLabel={formatMessage(text.openTimeOf, { day })}
            value={openTime.draft}
            onTime={openTime.change}
          />
          <OperatingHoursTimeField
            label={text.closeTime}
            ariaLabel={formatMessage(text.closeTimeOf, { day })}
            value={closeTime.draft}
            onTime={closeTime.change}
          />
          <OperatingHoursTimeField
            label={text.breakStart}
            ariaLabel={formatMessage(text.breakStartOf, { day })}
            value={shownBreak.start}
            onTime={(time) => setBreakEnd('start', time)}
            onClear={() => clearBreakEnd('start')}
            describedBy={isHalf ? halfId : undefined}
          />
          <OperatingHoursTimeField
            label={text.breakEnd}
            ariaLabel={formatMessage(text.breakEndOf, { day })}
            value={shownBreak.end}
            onTime={(time) => setBreakEnd('end', time)}
            onClear={() => clearBreakEnd('end')}
            describedBy={isHalf ? halfId : undefined}
          />
          {isHalf && (
            <p id={halfId} className="text-xs text-muted-foreground min-[420px]:col-span-2 lg:col-span-4">
              {text.breakIncomplete}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
