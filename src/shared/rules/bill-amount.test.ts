import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILL_CENTS_MAX } from '../limits.ts';
import { ARRIVAL_STATUSES, RESERVATION_STATUSES } from '../schemas/reservation.ts';
import { billRefusal, euroInputOf, parseEuroInput } from './bill-amount.ts';
import { guestOutcome } from './guests.ts';
import { formatEuros } from './money.ts';

const cents = (input: string) => parseEuroInput(input);

describe('parseEuroInput', () => {
  it('reads an amount as Spanish staff type it', () => {
    expect(cents('45,50')).toEqual({ ok: true, cents: 4550 });
    expect(cents('45.50')).toEqual({ ok: true, cents: 4550 });
    expect(cents('45')).toEqual({ ok: true, cents: 4500 });
    expect(cents('45,5')).toEqual({ ok: true, cents: 4550 });
    expect(cents(' 45,50 € ')).toEqual({ ok: true, cents: 4550 });
    expect(cents('€45')).toEqual({ ok: true, cents: 4500 });
    expect(cents('0')).toEqual({ ok: true, cents: 0 });
  });

  it('reads a dot before three digits as thousands, as in Spain', () => {
    expect(cents('1.234')).toEqual({ ok: true, cents: 123_400 });
    expect(cents('1.234,56')).toEqual({ ok: true, cents: 123_456 });
    expect(cents('1 234,56')).toEqual({ ok: true, cents: 123_456 });
    expect(cents('1234,56')).toEqual({ ok: true, cents: 123_456 });
  });

  it('takes an empty field for no bill', () => {
    expect(cents('')).toEqual({ ok: true, cents: null });
    expect(cents('   ')).toEqual({ ok: true, cents: null });
  });

  it('refuses what is no amount', () => {
    for (const input of ['abc', '-5', '45,505', '4,5,0', '1.23.4', '45,', ',50', '1e3', '45 50', '€', '0x10', '12.34.56']) {
      expect(cents(input), input).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses more than the limit, however many digits', () => {
    expect(cents('100000')).toEqual({ ok: true, cents: BILL_CENTS_MAX });
    expect(cents('100000,01')).toEqual({ ok: false, reason: 'tooLarge' });
    expect(cents('100.000,01')).toEqual({ ok: false, reason: 'tooLarge' });
    expect(cents('9'.repeat(40))).toEqual({ ok: false, reason: 'tooLarge' });
    expect(cents(`000${'0'.repeat(30)}12`)).toEqual({ ok: true, cents: 1200 });
  });

  it('reads back whatever the formatter shows, and the field’s own form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BILL_CENTS_MAX }), (amount) => {
        expect(cents(formatEuros(amount))).toEqual({ ok: true, cents: amount });
        expect(cents(euroInputOf(amount))).toEqual({ ok: true, cents: amount });
      }),
    );
  });
});

describe('billRefusal', () => {
  it('takes a bill exactly for a visit, as the guest figures count one', () => {
    for (const status of RESERVATION_STATUSES) {
      for (const arrivalStatus of ARRIVAL_STATUSES) {
        const refusal = billRefusal({ status, arrivalStatus });
        expect(refusal === null, `${status}/${arrivalStatus}`).toBe(guestOutcome({ status, arrivalStatus }) === 'visit');
      }
    }
  });

  it('says why a booking takes none', () => {
    expect(billRefusal({ status: 'cancelled', arrivalStatus: 'arrived' })).toBe('cancelled');
    expect(billRefusal({ status: 'confirmed', arrivalStatus: 'no_show' })).toBe('noShow');
    expect(billRefusal({ status: 'confirmed', arrivalStatus: 'pending' })).toBe('notArrived');
    expect(billRefusal({ status: 'completed', arrivalStatus: 'pending' })).toBeNull();
  });
});
