/**
 * A least-recently-used cache bounded by entries and by size (as `sizeOf` counts it): a Map keeps
 * insertion order, so a read moves its key to the end and the oldest key comes first.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private bytes = 0;
  private readonly options: { maxEntries: number; maxBytes: number; sizeOf: (value: V) => number };

  constructor(options: { maxEntries: number; maxBytes: number; sizeOf: (value: V) => number }) {
    this.options = options;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const size = this.options.sizeOf(value);
    this.delete(key);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the cached values weigh, as `sizeOf` counts it. */
  get totalSize(): number {
    return this.bytes;
  }
}
