import { randomUUID } from 'node:crypto';
import { CONSENT_POLICY_VERSION } from '@shared/limits.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { consentimientos, tables } from '../../src/server/db/schema.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';
import { recordChange } from '../../src/server/platform/events.ts';
import { enqueueEmails } from '../../src/server/platform/outbox.ts';
import { guestReceivedEmail, staffNewReservationEmails } from '../../src/server/modules/notifications/service.ts';
import { insertGuest } from '../../src/server/modules/guests/queries.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { insertReservation } from '../../src/server/modules/reservations/public-queries.ts';
import { getRestaurantConfig } from '../../src/server/modules/settings/service.ts';
import { holdTables } from '../../src/server/modules/capacity/service.ts';
import type { BenchTarget } from '../lib/target.ts';

/**
 * 'reservation': the reservation row alone; 'booking-writes': every row and NOTIFY a booking commits;
 * 'seated-booking-writes': the same plus its table, as a booking commits in 'Por mesas' (issue 21).
 */
export type RawWrites = 'reservation' | 'booking-writes' | 'seated-booking-writes';

export interface RawInsertResult {
  writes: RawWrites;
  insertsPerSecond: number;
  concurrency: number;
  transactions: number;
}

/**
 * The database's own limit for a booking's writes: the same driver and the same query functions as the booking
 * transaction, one transaction each, minus the HTTP layer and the reads and checks. 'booking-writes' commits what a
 * booking commits (a new guest, the reservation, its consent, the guest's private-link token, the guest's and the
 * staff's emails in the outbox with their NOTIFY and the change NOTIFY; no push rows, as the bench has no push
 * subscription); 'reservation' the reservation row alone.
 * PGlite runs in a separate temporary directory (the server holds its own); PostgreSQL in the bench database, with
 * as many concurrent transactions as the server's pool has connections.
 */
export class RawWriter {
  private n = 0;

  private constructor(
    private readonly handle: DatabaseHandle,
    private readonly config: Awaited<ReturnType<typeof getRestaurantConfig>>,
    private readonly dates: string[],
    readonly writes: RawWrites,
    readonly concurrency: number,
    private readonly tableId: string | null,
  ) {}

  static async open(target: BenchTarget, dates: string[], writes: RawWrites): Promise<RawWriter> {
    let handle: DatabaseHandle;
    if (target.databaseUrl) {
      handle = await openDatabase({ kind: 'postgres', url: target.databaseUrl, poolSize: 10 });
    } else {
      handle = await openDatabase({ kind: 'pglite', dataDir: target.tempDir(`raw-${writes}`) });
      await migrateDatabase(handle);
      await seedDatabase(handle.db);
    }
    // One PGlite instance is one connection: more concurrent transactions would only queue.
    const [table] = writes === 'seated-booking-writes' ? await handle.db.select({ id: tables.id }).from(tables).limit(1) : [];
    const writer = new RawWriter(handle, await getRestaurantConfig(handle.db), dates, writes, target.databaseUrl ? 10 : 1, table?.id ?? null);
    for (let i = 0; i < 20; i += 1) await writer.writeOne(); // warm-up
    return writer;
  }

  private async writeOne(): Promise<void> {
    const i = this.n++;
    const email = `raw-${i}-${randomUUID().slice(0, 8)}@example.com`;
    const { config } = this;
    await this.handle.db.transaction(async (tx) => {
      const guestId = this.writes === 'reservation' ? null : await insertGuest(tx, { email, phone: null });
      const row = await insertReservation(tx, {
        id: randomUUID(),
        customerName: 'Invitada Directa',
        customerPhone: '+34 600 123 456',
        customerEmail: email,
        numberOfPeople: 2,
        reservationDate: this.dates[i % this.dates.length]!,
        reservationTime: '13:00',
        status: config.autoConfirmationEnabled ? 'confirmed' : 'pending',
        guestId,
        createdAt: new Date(),
      });
      if (this.writes === 'reservation') return;
      await tx.insert(consentimientos).values({ clienteEmail: email, versionPolitica: CONSENT_POLICY_VERSION, aceptado: true, reservationId: row.id });
      await issueSelfServiceToken(tx, row.id, new Date());
      const guestEmail = guestReceivedEmail(config, row);
      await enqueueEmails(tx, [...(guestEmail ? [guestEmail] : []), ...staffNewReservationEmails(config, row, 'http://127.0.0.1/admin')], new Date());
      await recordChange(tx, { table: 'reservations', action: 'insert', id: row.id });
      if (this.tableId) await holdTables(tx, row.id, [this.tableId]);
    });
  }

  /** As many transactions as fit in `durationSeconds`, `concurrency` at a time. */
  async run(durationSeconds: number): Promise<RawInsertResult> {
    const started = performance.now();
    const deadline = started + durationSeconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: this.concurrency }, async () => {
        while (performance.now() < deadline) {
          await this.writeOne();
          done += 1;
        }
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    return { writes: this.writes, insertsPerSecond: done / elapsedSeconds, concurrency: this.concurrency, transactions: done };
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
