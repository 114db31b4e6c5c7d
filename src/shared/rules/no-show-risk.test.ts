import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_SHOW_RISK_LEVELS, NO_SHOW_RISK_REASONS } from '../schemas/no-show-risk.ts';
import { RESERVATION_SOURCES } from '../schemas/reservation.ts';
import { leadTimeHours, noShowRisk, riskLevelFor, type NoShowRiskInput } from './no-show-risk.ts';
import { noShowRiskMessages } from '../staff-messages/no-show-risk.ts';

const known = { visits: 1, noShows: 0, lateCancellations: 0 };
/** A staff booking of two, a week ahead, by a guest seen once: nothing counts. */
const plain: NoShowRiskInput = { history: known, numberOfPeople: 2, leadTimeHours: 168, source: 'admin', guestConfirmed: false, cardGuaranteeSaved: false };

describe('noShowRisk', () => {
  it.each<[string, Partial<NoShowRiskInput>, number, string, string[]]>([
    ['nothing counts', {}, 0, 'baja', []],
    ['one earlier no-show', { history: { ...known, noShows: 1 } }, 3, 'media', ['earlierNoShows']],
    ['two earlier no-shows', { history: { ...known, noShows: 2 } }, 6, 'alta', ['earlierNoShows']],
    ['five no-shows count as two', { history: { ...known, noShows: 5 } }, 6, 'alta', ['earlierNoShows']],
    ['one late cancellation', { history: { ...known, lateCancellations: 1 } }, 1, 'baja', ['lateCancellations']],
    ['four late cancellations count as two', { history: { ...known, lateCancellations: 4 } }, 2, 'media', ['lateCancellations']],
    ['a first visit', { history: { visits: 0, noShows: 0, lateCancellations: 0 } }, 1, 'baja', ['firstVisit']],
    ['no guest: no history counted', { history: null }, 0, 'baja', []],
    ['a party of 5', { numberOfPeople: 5 }, 0, 'baja', []],
    ['a party of 6', { numberOfPeople: 6 }, 1, 'baja', ['largeParty']],
    ['a party of 10', { numberOfPeople: 10 }, 2, 'media', ['veryLargeParty']],
    ['booked exactly 14 days ahead', { leadTimeHours: 336 }, 0, 'baja', []],
    ['booked more than 14 days ahead', { leadTimeHours: 337 }, 1, 'baja', ['bookedFarAhead']],
    ['a web request', { source: 'public' }, 1, 'baja', ['webRequest']],
    ['a regular', { history: { visits: 3, noShows: 0, lateCancellations: 0 } }, -2, 'baja', ['regular']],
    ['many visits with a no-show is no regular', { history: { visits: 9, noShows: 1, lateCancellations: 0 } }, 3, 'media', ['earlierNoShows']],
    ['confirmed by the guest', { guestConfirmed: true }, -3, 'baja', ['guestConfirmed']],
    ['a saved card', { cardGuaranteeSaved: true }, -3, 'baja', ['cardGuarantee']],
    [
      'a first-time web group of 10 booked a month ahead',
      { history: { visits: 0, noShows: 0, lateCancellations: 0 }, numberOfPeople: 10, leadTimeHours: 720, source: 'public' },
      5,
      'alta',
      ['firstVisit', 'veryLargeParty', 'bookedFarAhead', 'webRequest'],
    ],
    [
      'the same group with a saved card',
      { history: { visits: 0, noShows: 0, lateCancellations: 0 }, numberOfPeople: 10, leadTimeHours: 720, source: 'public', cardGuaranteeSaved: true },
      2,
      'media',
      ['firstVisit', 'veryLargeParty', 'bookedFarAhead', 'webRequest', 'cardGuarantee'],
    ],
    [
      'two no-shows who then confirmed by WhatsApp',
      { history: { ...known, noShows: 2 }, guestConfirmed: true },
      3,
      'media',
      ['earlierNoShows', 'guestConfirmed'],
    ],
  ])('%s', (_name, change, score, level, reasons) => {
    expect(noShowRisk({ ...plain, ...change })).toEqual({ score, level, reasons });
  });
});

describe('riskLevelFor', () => {
  it.each([
    [-8, 'baja'],
    [1, 'baja'],
    [2, 'media'],
    [3, 'media'],
    [4, 'alta'],
    [13, 'alta'],
  ])('%i is %s', (score, level) => {
    expect(riskLevelFor(score)).toBe(level);
  });
});

describe('leadTimeHours', () => {
  it('counts to the booking time in Madrid, across the autumn change', () => {
    // 2026-10-24 20:00 CEST is 18:00 UTC; 2026-10-25 21:00 CET is 20:00 UTC.
    expect(leadTimeHours(new Date('2026-10-24T18:00:00Z'), '2026-10-25', '21:00')).toBe(26);
  });
});

const rank = (level: string) => NO_SHOW_RISK_LEVELS.indexOf(level as never);
const inputs = fc.record({
  history: fc.option(fc.record({ visits: fc.nat(20), noShows: fc.nat(6), lateCancellations: fc.nat(6) }), { nil: null }),
  numberOfPeople: fc.integer({ min: 1, max: 30 }),
  leadTimeHours: fc.double({ min: -2, max: 2000, noNaN: true }),
  source: fc.constantFrom(...RESERVATION_SOURCES),
  guestConfirmed: fc.boolean(),
  cardGuaranteeSaved: fc.boolean(),
});

describe('noShowRisk properties', () => {
  it('never lowers the level for one more earlier no-show', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const history = input.history ?? { visits: 0, noShows: 0, lateCancellations: 0 };
        const before = noShowRisk({ ...input, history });
        const after = noShowRisk({ ...input, history: { ...history, noShows: history.noShows + 1 } });
        return after.score >= before.score && rank(after.level) >= rank(before.level);
      }),
    );
  });

  it('never raises the level when the guest confirms or leaves a card', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const before = noShowRisk({ ...input, guestConfirmed: false, cardGuaranteeSaved: false });
        const confirmed = noShowRisk({ ...input, guestConfirmed: true, cardGuaranteeSaved: false });
        const guaranteed = noShowRisk({ ...input, guestConfirmed: false, cardGuaranteeSaved: true });
        return rank(confirmed.level) <= rank(before.level) && rank(guaranteed.level) <= rank(before.level);
      }),
    );
  });

  it('gives reasons in the table order, each once, with a label', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { reasons } = noShowRisk(input);
        const positions = reasons.map((reason) => NO_SHOW_RISK_REASONS.indexOf(reason));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(reasons).size).toBe(reasons.length);
        for (const reason of reasons) expect(noShowRiskMessages.reasons[reason]).toBeTruthy();
      }),
    );
  });
});
