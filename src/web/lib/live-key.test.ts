import { describe, expect, it } from 'vitest';
import { isStaleAfter, liveKey, liveMeta } from './live-key';

describe('liveKey', () => {
  it('starts the key with the changed table, which live updates invalidate', () => {
    expect(liveKey('reservations', 'today')).toEqual(['reservations', 'today']);
  });

  it('does not compile with a table the server never reports (npm run typecheck)', () => {
    // @ts-expect-error 'reservation' is not a LiveTable: a screen keyed on it would never refresh.
    expect(liveKey('reservation')).toEqual(['reservation']);
  });
});

describe('isStaleAfter', () => {
  it("is stale after a change to its key's table or to one of its meta tables, not after another", () => {
    const query = { queryKey: liveKey('restaurant_config', 'today-closures'), meta: liveMeta('date_exceptions', 'operating_hours') };
    expect(isStaleAfter(query, 'restaurant_config')).toBe(true);
    expect(isStaleAfter(query, 'date_exceptions')).toBe(true);
    expect(isStaleAfter(query, 'operating_hours')).toBe(true);
    expect(isStaleAfter(query, 'reservations')).toBe(false);
    expect(isStaleAfter({ queryKey: liveKey('reservations', 'today') }, 'reservations')).toBe(true);
  });
});
