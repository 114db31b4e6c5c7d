import { describe, expect, it } from 'vitest';
import { ARRIVAL_STATUSES, RESERVATION_STATUSES } from '../schemas/reservation.ts';
import { arrivalAllowed, findTransition, type LifecycleAction, staffActions, statusesFor } from './lifecycle.ts';

const ACTIONS: LifecycleAction[] = ['confirm', 'reject', 'cancel', 'complete', 'guestCancel', 'closure', 'superseded', 'erased'];

const systemCancels = { closure: 'cancelled', superseded: 'cancelled', erased: 'cancelled' };
const systemRefused = { closure: '—', superseded: '—', erased: '—' };

/** status × action → the status it leads to, or '—' when refused (arrival 'pending'). */
const EXPECTED: Record<string, Record<LifecycleAction, string>> = {
  pending: { confirm: 'confirmed', reject: 'cancelled', cancel: 'cancelled', complete: '—', guestCancel: 'cancelled', ...systemCancels },
  confirmed: { confirm: '—', reject: '—', cancel: 'cancelled', complete: 'completed', guestCancel: 'cancelled', ...systemCancels },
  cancelled: { confirm: '—', reject: '—', cancel: '—', complete: '—', guestCancel: '—', ...systemRefused },
  completed: { confirm: '—', reject: '—', cancel: '—', complete: '—', guestCancel: '—', ...systemRefused },
};

describe('the reservation lifecycle', () => {
  for (const status of RESERVATION_STATUSES) {
    for (const action of ACTIONS) {
      it(`${status} × ${action} → ${EXPECTED[status]![action]}`, () => {
        expect(findTransition(action, { status, arrivalStatus: 'pending' })?.to ?? '—').toBe(EXPECTED[status]![action]);
      });
    }
  }

  it('asks a reason for Cancelar only, and emails the guest for every change but completing', () => {
    const of = (action: LifecycleAction, status: 'pending' | 'confirmed') => findTransition(action, { status, arrivalStatus: 'pending' })!;
    expect(of('cancel', 'confirmed')).toMatchObject({ reason: 'required', email: 'cancelled', by: 'staff' });
    expect(of('cancel', 'pending')).toMatchObject({ reason: 'required', email: 'cancelled' });
    expect(of('reject', 'pending')).toMatchObject({ reason: 'none', email: 'cancelled' });
    expect(of('confirm', 'pending')).toMatchObject({ reason: 'none', email: 'confirmed' });
    expect(of('complete', 'confirmed')).toMatchObject({ email: null });
    expect(of('guestCancel', 'confirmed')).toMatchObject({ by: 'guest', email: 'cancelled' });
  });

  it("emails the guest of a closure's cancellation, not of a booking superseded or erased, and never offers them to staff", () => {
    const of = (action: LifecycleAction) => findTransition(action, { status: 'confirmed', arrivalStatus: 'pending' })!;
    expect(of('closure')).toMatchObject({ by: 'system', reason: 'required', email: 'cancelled' });
    expect(of('superseded')).toMatchObject({ by: 'system', reason: 'required', email: null });
    expect(of('erased')).toMatchObject({ by: 'system', email: null });
    expect(statusesFor('erased')).toEqual(['pending', 'confirmed']);
    expect(arrivalAllowed({ status: 'cancelled' })).toBe(false);
    expect(arrivalAllowed({ status: 'completed' })).toBe(true);
  });

  it("never completes a 'No vino' booking, whatever else its arrival", () => {
    for (const arrivalStatus of ARRIVAL_STATUSES) {
      const allowed = findTransition('complete', { status: 'confirmed', arrivalStatus }) !== null;
      expect([arrivalStatus, allowed]).toEqual([arrivalStatus, arrivalStatus !== 'no_show']);
    }
    expect(staffActions({ status: 'confirmed', arrivalStatus: 'no_show' })).toEqual(['cancel']);
  });

  it('offers staff what the table allows, and nothing on a finished booking', () => {
    expect(staffActions({ status: 'pending', arrivalStatus: 'pending' })).toEqual(['confirm', 'reject', 'cancel']);
    expect(staffActions({ status: 'confirmed', arrivalStatus: 'arrived' })).toEqual(['cancel', 'complete']);
    expect(staffActions({ status: 'cancelled', arrivalStatus: 'pending' })).toEqual([]);
    expect(staffActions({ status: 'completed', arrivalStatus: 'arrived' })).toEqual([]);
  });
});
