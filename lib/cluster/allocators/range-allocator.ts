/**
 * A set of integer offsets [0, size) handed out one at a time, as the real API server's bitmap
 * allocator does: a specific offset on request, or the next free one found by a random start and a
 * forward scan. With a `dynamicOffset`, AllocateNext prefers offsets at or above it (the upper,
 * dynamic band) and only then falls back to the lower, static band (ServiceIPStaticSubrange /
 * ServiceNodePortStaticSubrange).
 */

export class RangeAllocator {
  private readonly used = new Set<number>();

  constructor(
    readonly size: number,
    private readonly dynamicOffset = 0,
    private readonly random: () => number = Math.random,
  ) {}

  has(offset: number): boolean {
    return this.used.has(offset);
  }

  /** False when already taken. Caller checks bounds. */
  allocate(offset: number): boolean {
    if (this.used.has(offset)) return false;
    this.used.add(offset);
    return true;
  }

  /** The offset allocated, or undefined when the range is full. */
  allocateNext(): number | undefined {
    if (this.used.size >= this.size) return undefined;
    const upper = this.scan(this.dynamicOffset, this.size);
    if (upper !== undefined) return upper;
    return this.scan(0, this.dynamicOffset);
  }

  release(offset: number): void {
    this.used.delete(offset);
  }

  count(): number {
    return this.used.size;
  }

  clear(): void {
    this.used.clear();
  }

  /** Random start in [from, to), then forward with wrap-around inside [from, to). */
  private scan(from: number, to: number): number | undefined {
    const span = to - from;
    if (span <= 0) return undefined;
    const start = Math.floor(this.random() * span);
    for (let i = 0; i < span; i++) {
      const offset = from + ((start + i) % span);
      if (!this.used.has(offset)) {
        this.used.add(offset);
        return offset;
      }
    }
    return undefined;
  }
}
