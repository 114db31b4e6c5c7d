// A booking's 'Historial de cambios' (issue 19): who changed it, what and when.
import { formatMessage, messages } from '@shared/messages';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import type { ReservationChange } from '@shared/schemas/reservation-history';
import { changeLogMessages } from '@shared/staff-messages/change-log';
import { chargeMessages } from '@shared/staff-messages/charges';
import { formatEuros } from '@shared/rules/money';
import { formatDateTime, formatShortDate, formatTime } from '@web/lib/format';
import { useReservationChanges } from './api/get-reservation-changes';
import { ListDialog } from './list-dialog';

const text = changeLogMessages;

/** A logged value as staff read it: status and arrival labels, dates and times as the cards show them. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return text.none;
  if (Array.isArray(value)) return value.length === 0 ? text.none : value.join(', ');
  if (field === 'status') return messages.reservationStatus[value as AdminReservation['status']] ?? String(value);
  if (field === 'arrivalStatus') return messages.arrivalStatus[value as AdminReservation['arrivalStatus']] ?? String(value);
  if (field === 'reservationDate') return formatShortDate(String(value));
  if (field === 'reservationTime') return formatTime(String(value));
  if (field === 'billCents' && typeof value === 'number') return formatEuros(value);
  return String(value);
}

/** A no-show charge's or refund's line (issue 45): its field says what happened, with no 'before'. */
const paymentFields: Record<string, string> = chargeMessages.logFields;

function lineOf(field: string, before: unknown, after: unknown): string {
  const payment = paymentFields[field];
  if (payment) return `${payment}: ${shown(field, after)}`;
  return formatMessage(text.change, { field: text.fields[field as keyof typeof text.fields] ?? field, before: shown(field, before), after: shown(field, after) });
}

function ChangeLine({ change }: { change: ReservationChange }) {
  const who =
    change.actor === 'guest'
      ? text.guest
      : change.actor === 'api_key'
        ? formatMessage(text.apiKey, { name: change.apiKeyName ?? text.none })
        : (change.actorEmail ?? text.none);
  const fields = Object.keys(change.changes);
  const payment = fields.length > 0 && fields.every((field) => field in paymentFields);
  return (
    <li className="flex flex-col gap-1 rounded-md border p-3 text-sm">
      <p className="font-medium">{payment ? chargeMessages.logHeading : text.actions[change.action]}</p>
      <p className="text-muted-foreground">{formatMessage(text.entry, { when: formatDateTime(change.at), who })}</p>
      <ul className="list-disc pl-5">
        {Object.entries(change.changes).map(([field, [before, after]]) => (
          <li key={field}>{lineOf(field, before, after)}</li>
        ))}
      </ul>
      {change.override && <p className="font-medium text-yellow-900">{text.override}</p>}
    </li>
  );
}

/** The dialog of 'Historial de cambios': its own chunk, fetched the first time a card's button opens it. */
export function ChangeLogDialog({ reservationId, open, onOpenChange }: { reservationId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const changes = useReservationChanges(reservationId, open);
  return (
    <ListDialog open={open} onOpenChange={onOpenChange} text={text} query={changes}>
      {(items) => (
        <ol className="flex flex-col gap-2">
          {items.map((change, index) => (
            <ChangeLine key={index} change={change} />
          ))}
        </ol>
      )}
    </ListDialog>
  );
}
