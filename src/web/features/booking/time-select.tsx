import type { ComponentProps } from 'react';
import { closedTextKeys } from '@shared/i18n/closed-day-texts';
import type { FirstScreenTexts } from '@shared/i18n/first-screen-texts';
import type { Availability, Slot } from '@shared/rules/availability';
import { type PacedSlot, slotTakes } from '@shared/rules/pacing';
import { fieldClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { type TextOf, useGuestTexts } from '@web/lib/i18n/use-guest-texts';

/** The remaining covers come with the public availability (PacedAvailability); without them no slot is full. */
type OfferedSlot = Slot & Partial<Pick<PacedSlot, 'remainingCovers' | 'seatableParties'>>;
type OfferedAvailability = Omit<Availability, 'slots'> & { slots: OfferedSlot[] };
type ListedSlot = OfferedSlot & { full: boolean };

interface TimeSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  date: string;
  availability: OfferedAvailability | undefined;
  /** The party size: a slot whose remaining covers cannot take it shows '(Completo)'. */
  people?: number;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The half-hour slots of the chosen date. Passed times are left out (nobody can book them); paused and blocked
 * times stay in the list, disabled and marked '(No disponible)', so the guest sees the day's hours and why one
 * cannot be chosen. A slot too full for the party is disabled too, marked '(Completo)'. A closed day says why
 * instead of offering times.
 */
export function TimeSelect({ date, availability, people, isLoading, isError, className, ...props }: TimeSelectProps) {
  const { texts, textOf } = useGuestTexts();
  const slots = (availability?.slots.filter((slot) => slot.reason !== 'past') ?? []).map((slot) => ({
    ...slot,
    full: people !== undefined && !slotTakes(slot, people),
  }));
  const placeholder = placeholderFor(texts, date, availability, isLoading, isError, slots);
  const notice = noticeFor(texts, textOf, availability, slots, isLoading);
  const noticeId = notice ? `${props.id ?? 'time'}-notice` : undefined;
  const describedBy = [noticeId, props['aria-describedby']].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <select
        {...props}
        aria-required="true"
        aria-describedby={describedBy}
        disabled={slots.length === 0}
        className={cn(fieldClassName, 'h-10', className)}
      >
        <option value="">{placeholder}</option>
        {slots.map((slot) => (
          <option key={slot.time} value={slot.time} disabled={!slot.available || slot.full}>
            {slotLabel(texts, slot)}
          </option>
        ))}
      </select>
      {notice && (
        <p id={noticeId} role="status" className="text-sm text-muted-foreground">
          {notice}
        </p>
      )}
    </>
  );
}

function slotLabel(texts: FirstScreenTexts, slot: ListedSlot): string {
  if (!slot.available) return `${slot.time} ${texts.reservation.form.slotUnavailable}`;
  return slot.full ? `${slot.time} ${texts.pacing.slotFullOption}` : slot.time;
}

function placeholderFor(
  texts: FirstScreenTexts,
  date: string,
  availability: OfferedAvailability | undefined,
  isLoading: boolean,
  isError: boolean,
  slots: ListedSlot[],
): string {
  const text = texts.reservation.form;
  if (date === '') return text.timeSelectDateFirst;
  if (isLoading) return texts.common.loading;
  if (isError && !availability) return texts.reservation.errors.generic;
  return slots.length > 0 ? text.timePlaceholder : '—';
}

/** Why a picked date offers no time: its closed title and message (by their keys), or no slot left today. */
function noticeFor(
  texts: FirstScreenTexts,
  textOf: TextOf,
  availability: OfferedAvailability | undefined,
  slots: ListedSlot[],
  isLoading: boolean,
): string | null {
  const { noSlots } = texts.reservation.form;
  if (!availability || isLoading) return null;
  if (!availability.bookable) {
    const closed = availability.closedReason && closedTextKeys[availability.closedReason];
    return closed ? `${textOf(closed.title)}. ${textOf(closed.message)}` : noSlots;
  }
  return slots.some((slot) => slot.available && !slot.full) ? null : noSlots;
}
