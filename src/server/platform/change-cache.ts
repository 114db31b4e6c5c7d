import type { LiveTable } from '@shared/schemas/api.ts';
import type { ChangeBus } from './events.ts';

/** Answers computed from the database, kept per instance until a change to one of their tables is heard. */
export interface ChangeCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/**
 * A ChangeCache emptied whenever any instance records a change to one of `tables` (the change bus hears them all,
 * through LISTEN/NOTIFY), or the bus resyncs after a lost connection. `maxEntries` bounds it between changes.
 */
export function changeCache(changes: ChangeBus, tables: ReadonlySet<LiveTable>, maxEntries = 1000): ChangeCache {
  const entries = new Map<string, Promise<unknown>>();
  let generation = 0;
  changes.watch((event) => {
    if (event !== 'resync' && !tables.has(event.table)) return;
    generation += 1;
    entries.clear();
  });
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const cached = entries.get(key) as Promise<T> | undefined;
      if (cached) return cached;
      if (entries.size >= maxEntries) entries.clear();
      const started = generation;
      const result = compute();
      entries.set(key, result);
      // A change heard while computing may not be in the result: it is then used once and not kept.
      const forget = () => {
        if (entries.get(key) === result) entries.delete(key);
      };
      result.then(() => started !== generation && forget(), forget);
      return result;
    },
  };
}
