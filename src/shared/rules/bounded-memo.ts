/**
 * Remembers the results of a pure function of one string key, at most `size` of them (the oldest is forgotten first).
 * For work repeated row after row in the staff lists: the same dates, times and phones come back on every request.
 */
export function boundedMemo<T>(size: number, compute: (key: string) => T): (key: string) => T {
  const results = new Map<string, T>();
  return (key) => {
    if (results.has(key)) return results.get(key) as T;
    const result = compute(key);
    if (results.size >= size) results.delete(results.keys().next().value as string);
    results.set(key, result);
    return result;
  };
}
