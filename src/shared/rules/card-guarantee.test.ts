import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CARD_GUARANTEE_RULES, type CardGuaranteeRules } from '../schemas/card-guarantee.ts';
import { cancelsFree, freeCancellationEnds, guaranteeTermsFor, noShowFeeCents, publicGuaranteeTermsFor } from './card-guarantee.ts';

const rules = (change: Partial<CardGuaranteeRules>): CardGuaranteeRules => ({ ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: null, ...change });
// 2026-12-05 is a Saturday, 2026-12-07 a Monday.
const saturdayNight = { numberOfPeople: 2, reservationDate: '2026-12-05', reservationTime: '21:00' };

describe('guaranteeTermsFor', () => {
  it('asks nothing while the rule is off, whatever else it says', () => {
    expect(guaranteeTermsFor({ ...DEFAULT_CARD_GUARANTEE_RULES, enabled: false, fromPeople: 1 }, saturdayNight)).toBeNull();
  });

  it('asks every booking when on with no criterion', () => {
    expect(guaranteeTermsFor(rules({}), saturdayNight)).toEqual({ amountPerPersonCents: 2000, freeCancellationHours: 24, holdMinutes: 15 });
  });

  it('asks parties from the set size on', () => {
    const fromSix = rules({ fromPeople: 6 });
    expect(guaranteeTermsFor(fromSix, { ...saturdayNight, numberOfPeople: 5 })).toBeNull();
    expect(guaranteeTermsFor(fromSix, { ...saturdayNight, numberOfPeople: 6 })).not.toBeNull();
  });

  it('asks bookings inside a weekday window, both ends included', () => {
    const saturday = rules({ windows: [{ weekday: 6, from: '20:00', to: '23:30' }] });
    expect(guaranteeTermsFor(saturday, { ...saturdayNight, reservationTime: '20:00' })).not.toBeNull();
    expect(guaranteeTermsFor(saturday, { ...saturdayNight, reservationTime: '23:30' })).not.toBeNull();
    expect(guaranteeTermsFor(saturday, { ...saturdayNight, reservationTime: '19:30' })).toBeNull();
    expect(guaranteeTermsFor(saturday, { ...saturdayNight, reservationDate: '2026-12-07' })).toBeNull();
  });

  it('asks bookings on marked dates', () => {
    const christmasEve = rules({ dates: ['2026-12-24'] });
    expect(guaranteeTermsFor(christmasEve, { ...saturdayNight, reservationDate: '2026-12-24' })).not.toBeNull();
    expect(guaranteeTermsFor(christmasEve, saturdayNight)).toBeNull();
  });

  it('takes any one matching criterion', () => {
    const either = rules({ fromPeople: 8, dates: ['2026-12-31'] });
    expect(guaranteeTermsFor(either, { ...saturdayNight, numberOfPeople: 8 })).not.toBeNull();
    expect(guaranteeTermsFor(either, { ...saturdayNight, reservationDate: '2026-12-31' })).not.toBeNull();
    expect(guaranteeTermsFor(either, saturdayNight)).toBeNull();
  });

  it('never asks a party smaller than the size rule alone names', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (fromPeople, people) => {
        const terms = guaranteeTermsFor(rules({ fromPeople }), { ...saturdayNight, numberOfPeople: people });
        expect(terms !== null).toBe(people >= fromPeople);
      }),
    );
  });
});

describe('free cancellation', () => {
  it('ends the set hours before the booking, in Madrid time', () => {
    // 21:00 in Madrid on 5 December is 20:00 UTC.
    expect(freeCancellationEnds(saturdayNight, 24).toISOString()).toBe('2026-12-04T20:00:00.000Z');
  });

  it('is free up to the limit and not a minute after', () => {
    expect(cancelsFree(saturdayNight, 24, new Date('2026-12-04T20:00:00Z'))).toBe(true);
    expect(cancelsFree(saturdayNight, 24, new Date('2026-12-04T20:01:00Z'))).toBe(false);
  });

  it('is never free without free hours, as the booking page and the emails tell the guest', () => {
    expect(cancelsFree(saturdayNight, 0, new Date('2026-12-01T10:00:00Z'))).toBe(false);
  });
});

it('charges the amount per person for the people who did not come', () => {
  expect(noShowFeeCents(2000, 3)).toBe(6000);
});

describe('publicGuaranteeTermsFor', () => {
  it('asks nothing without public rules, and applies them as on when there are some', () => {
    const { enabled: _enabled, ...inForce } = rules({ fromPeople: 6 });
    expect(publicGuaranteeTermsFor(null, { ...saturdayNight, numberOfPeople: 8 })).toBeNull();
    expect(publicGuaranteeTermsFor(inForce, { ...saturdayNight, numberOfPeople: 2 })).toBeNull();
    expect(publicGuaranteeTermsFor(inForce, { ...saturdayNight, numberOfPeople: 8 })).toEqual({
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
      holdMinutes: 15,
    });
  });
});
