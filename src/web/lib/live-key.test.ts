import { describe, expect, it } from 'vitest';
import { liveKey } from './live-key';

describe('liveKey', () => {
  it('starts the key with the changed table, which live updates invalidate', () => {
    expect(liveKey('reservations', 'today')).toEqual(['reservations', 'today']);
  });

  it('does not compile with a table the server never reports (npm run typecheck)', () => {
    // @ts-expect-error 'reservation' is not a LiveTable: a screen keyed on it would never refresh.
    expect(liveKey('reservation')).toEqual(['reservation']);
  });
});
