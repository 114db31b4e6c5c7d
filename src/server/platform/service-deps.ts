import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';

/** What a module's service takes from the running app: the database, the one clock and the site's address. */
export interface ServiceDeps {
  db: Database;
  clock: Clock;
  /** The site's address: the guest's private link, calendar files and the staff's link in emails start from it. */
  publicUrl: URL;
}

/** The back office's address, for the staff's emails. */
export const adminUrlOf = (publicUrl: URL) => new URL('/admin', publicUrl).toString();
