// A reservation's life, written once (issue 19): which action takes which status to which, who may take it, whether
// it needs a reason and which email the guest gets. The server refuses anything not in the table; the screens offer
// only what it allows.
import type { ArrivalStatus, ReservationStatus } from '../schemas/reservation.ts';

/** 'reject' is the upcoming view's one-tap 'Rechazar' (no reason, spec point 4); 'cancel' always asks for one. */
export type StaffAction = 'confirm' | 'reject' | 'cancel' | 'complete';
/**
 * What the system does to a booking on someone's behalf: a closure's cancellation, a booking superseded by the guest's
 * change request (replaced by the confirmed one, or an older pending request), a guest's erasure.
 */
export type SystemAction = 'closure' | 'superseded' | 'erased';
export type LifecycleAction = StaffAction | 'guestCancel' | SystemAction;

export interface Transition {
  from: ReservationStatus;
  action: LifecycleAction;
  to: ReservationStatus;
  by: 'staff' | 'guest' | 'system';
  reason: 'required' | 'none';
  /** The guest's email for the change (when emails are on and the guest gave an address). */
  email: 'confirmed' | 'cancelled' | null;
  /** Arrival states that rule the action out: a 'No vino' booking is not completed. */
  notWhenArrival?: readonly ArrivalStatus[];
}

export const TRANSITIONS: readonly Transition[] = [
  { from: 'pending', action: 'confirm', to: 'confirmed', by: 'staff', reason: 'none', email: 'confirmed' },
  { from: 'pending', action: 'reject', to: 'cancelled', by: 'staff', reason: 'none', email: 'cancelled' },
  { from: 'pending', action: 'cancel', to: 'cancelled', by: 'staff', reason: 'required', email: 'cancelled' },
  { from: 'confirmed', action: 'cancel', to: 'cancelled', by: 'staff', reason: 'required', email: 'cancelled' },
  {
    from: 'confirmed',
    action: 'complete',
    to: 'completed',
    by: 'staff',
    reason: 'none',
    email: null,
    notWhenArrival: ['no_show'],
  },
  { from: 'pending', action: 'guestCancel', to: 'cancelled', by: 'guest', reason: 'none', email: 'cancelled' },
  { from: 'confirmed', action: 'guestCancel', to: 'cancelled', by: 'guest', reason: 'none', email: 'cancelled' },
  { from: 'pending', action: 'closure', to: 'cancelled', by: 'system', reason: 'required', email: 'cancelled' },
  { from: 'confirmed', action: 'closure', to: 'cancelled', by: 'system', reason: 'required', email: 'cancelled' },
  // The guest hears of the booking that replaces it, not of this one.
  { from: 'pending', action: 'superseded', to: 'cancelled', by: 'system', reason: 'required', email: null },
  { from: 'confirmed', action: 'superseded', to: 'cancelled', by: 'system', reason: 'required', email: null },
  { from: 'pending', action: 'erased', to: 'cancelled', by: 'system', reason: 'none', email: null },
  { from: 'confirmed', action: 'erased', to: 'cancelled', by: 'system', reason: 'none', email: null },
];

/** The transition `action` makes from this state, or null when it may not be taken. */
export function findTransition(
  action: LifecycleAction,
  reservation: { status: ReservationStatus; arrivalStatus: ArrivalStatus },
): Transition | null {
  const transition = TRANSITIONS.find((entry) => entry.from === reservation.status && entry.action === action);
  if (!transition || transition.notWhenArrival?.includes(reservation.arrivalStatus)) return null;
  return transition;
}

/** The states `action` may be taken from (an erasure cancels these in one statement). */
export const statusesFor = (action: LifecycleAction): ReservationStatus[] =>
  TRANSITIONS.filter((entry) => entry.action === action).map((entry) => entry.from);

/**
 * Arrival ('Llegó', 'No vino') is marked on any booking but a cancelled one; 'Esperando' ('pending') takes a mistaken
 * one back until the booking is completed (issue 52, decision 062).
 */
export const arrivalAllowed = (reservation: { status: ReservationStatus }, to?: ArrivalStatus): boolean =>
  reservation.status !== 'cancelled' && !(to === 'pending' && reservation.status === 'completed');

/** The staff actions a reservation's card may offer, in the table's order. */
export function staffActions(reservation: { status: ReservationStatus; arrivalStatus: ArrivalStatus }): StaffAction[] {
  return TRANSITIONS.filter((entry) => entry.by === 'staff')
    .map((entry) => entry.action as StaffAction)
    .filter((action, index, all) => all.indexOf(action) === index && findTransition(action, reservation) !== null);
}
