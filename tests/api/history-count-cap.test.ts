import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_COUNT_CAP } from '@shared/limits.ts';
import { historyQuerySchema } from '@shared/schemas/reservation-history.ts';
import { historyPage } from '../../src/server/modules/reservations/admin-queries.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { insertReservations } from '../support/factories.ts';

const clock = new ManualClock('2026-11-24T10:00:00Z');
/** A lower-case word that only this file's rows contain, so rows of other files never count. */
const WORD = Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const MATCHING = 5;

const { app, db } = useApiSuite({ owner: false, clock });
beforeAll(async () => {
  await insertReservations(
    db(),
    Array.from({ length: MATCHING }, (_, i) => ({
      customerName: `Cliente ${WORD} ${i}`,
      customerEmail: `cap-${i}@example.com`,
      reservationDate: `2026-10-0${i + 1}`,
    })),
  );
});

const search = historyQuerySchema.parse({ q: WORD });

describe('history total, counted up to a cap', () => {
  it('stops counting at the cap and says so', async () => {
    const page = await historyPage(db(), search, 2, 3);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(3);
    expect(page.totalIsCapped).toBe(true);
  });

  it('gives the exact total when the matches reach the cap but do not pass it', async () => {
    expect(await historyPage(db(), search, 2, MATCHING)).toMatchObject({ total: MATCHING, totalIsCapped: false });
  });

  it('gives the exact total below the cap, and 0 for no match', async () => {
    expect(await historyPage(db(), search, 2, 100)).toMatchObject({ total: MATCHING, totalIsCapped: false });
    const none = historyQuerySchema.parse({ q: `${WORD}zzz` });
    expect(await historyPage(db(), none, 2, 3)).toMatchObject({ items: [], total: 0, totalIsCapped: false });
  });

  it('uses HISTORY_COUNT_CAP by default, through the admin route', async () => {
    expect(HISTORY_COUNT_CAP).toBe(10_000);
    const cookie = await app().signIn();
    const response = await app().request({ method: 'GET', url: `/api/admin/reservations/history?q=${WORD}`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: MATCHING, totalIsCapped: false, page: 1 });
  });
});
