import { describe, expect, it } from 'vitest';
import { guestHistoryLabel, guestOutcome, normaliseEmail, normalisePhone, phoneSearchDigits } from './guests.ts';

describe('normaliseEmail', () => {
  it('trims and lower-cases; blank is no email', () => {
    expect(normaliseEmail('  Ana.Garcia@Example.COM ')).toBe('ana.garcia@example.com');
    expect(normaliseEmail('   ')).toBeNull();
    expect(normaliseEmail(null)).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
  });
});

describe('normalisePhone', () => {
  it('reduces a Spanish number to its 9 national digits, whatever the prefix and punctuation', () => {
    for (const phone of ['600 112 233', '600-11-22-33', '600.11.22.33', '(600) 112233', '+34 600 112 233', '0034 600112233', '+34-600-11-22-33', '(+34) 600 11 22 33', ' 0034 (600) 11.22.33 ']) {
      expect(normalisePhone(phone), phone).toBe('600112233');
    }
  });

  it("keeps a foreign number's country code behind a '+', for '00' as for '+'", () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('+33 (1) 23.45.67.89')).toBe('+33123456789');
  });

  it('strips 34 only when exactly 9 national digits follow', () => {
    expect(normalisePhone('+34 91 123 45 678')).toBe('+349112345678');
    expect(normalisePhone('+34 600 11 22')).toBe('+346001122');
    // Without '+' or '00' it is not an international number: nothing is stripped.
    expect(normalisePhone('34 600 112 233')).toBe('34600112233');
  });

  it("drops a '+' that does not lead the number and refuses a number without digits", () => {
    expect(normalisePhone('600 112 233 +')).toBe('600112233');
    expect(normalisePhone('+')).toBeNull();
    expect(normalisePhone('00')).toBeNull();
    expect(normalisePhone('sin teléfono')).toBeNull();
    expect(normalisePhone(null)).toBeNull();
  });
});

describe('phoneSearchDigits', () => {
  it('reads a phone number or a piece of one however it is typed', () => {
    for (const typed of ['633444555', '633 444 555', '633-444-555', '+34 633 444 555', '0034 633444555', '34633444555', '(633) 44.45.55']) {
      expect(phoneSearchDigits(typed), typed).toBe('633444555');
    }
    expect(phoneSearchDigits('444 5')).toBe('4445');
    expect(phoneSearchDigits('+44 20 7946')).toBe('44207946');
  });

  it('leaves names, emails and too few digits to the text search', () => {
    for (const typed of ['Ana', 'ana@example.com', 'Ana 633', '63', '+34', '', '  ', 'calle 5']) expect(phoneSearchDigits(typed), typed).toBeNull();
  });
});

describe('guestOutcome', () => {
  it('counts a cancellation whatever the arrival, a no-show before a completion, and a visit when the guest came', () => {
    expect(guestOutcome({ status: 'cancelled', arrivalStatus: 'arrived' })).toBe('cancellation');
    expect(guestOutcome({ status: 'completed', arrivalStatus: 'no_show' })).toBe('noShow');
    expect(guestOutcome({ status: 'confirmed', arrivalStatus: 'no_show' })).toBe('noShow');
    expect(guestOutcome({ status: 'completed', arrivalStatus: 'pending' })).toBe('visit');
    expect(guestOutcome({ status: 'confirmed', arrivalStatus: 'arrived' })).toBe('visit');
    expect(guestOutcome({ status: 'confirmed', arrivalStatus: 'delayed' })).toBeNull();
    expect(guestOutcome({ status: 'pending', arrivalStatus: 'pending' })).toBeNull();
  });
});

describe('guestHistoryLabel', () => {
  it('joins the non-zero parts, singular and plural', () => {
    expect(guestHistoryLabel({ visits: 3, noShows: 1, cancellations: 2 })).toBe('3 visitas · 1 no vino · 2 canceladas');
    expect(guestHistoryLabel({ visits: 1, noShows: 0, cancellations: 1 })).toBe('1 visita · 1 cancelada');
    expect(guestHistoryLabel({ visits: 0, noShows: 2, cancellations: 0 })).toBe('2 no vino');
  });

  it("says 'Primera visita' for a guest without history", () => {
    expect(guestHistoryLabel({ visits: 0, noShows: 0, cancellations: 0 })).toBe('Primera visita');
  });
});
