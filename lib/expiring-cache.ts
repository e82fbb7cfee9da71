/**
 * Values kept in memory for a while, per process: a Map whose entries expire, cleared whole when it
 * holds too many (a flood of distinct keys cannot grow it without bound).
 */
export function expiringCache<T>(ms: number, maxEntries: number) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      return entry && entry.until > Date.now() ? entry.value : undefined;
    },
    set(key: string, value: T): void {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, until: Date.now() + ms });
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}
