import { staffMessages } from '@shared/staff-messages.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { getStaffClosure } from '../availability/service.ts';

/**
 * A manual reservation or an edit into a closed day or time: 409 naming the reason, unless staff chose 'Guardar
 * igualmente'. True when the restaurant is closed then (and the override is to be recorded).
 */
export async function passStaffClosure(tx: Executor, date: string, time: string, override: boolean): Promise<boolean> {
  const closure = await getStaffClosure(tx, date, time);
  if (closure === null) return false;
  if (override) return true;
  const message = staffMessages.admin.manualReservation.closures[closure];
  const field = closure === 'outside_hours' ? 'reservationTime' : 'reservationDate';
  throw new AppError(409, 'closed', message, { [field]: message });
}
