/**
 * A counting semaphore: at most `size` holders at once, the rest wait in arrival order. A waiter
 * whose signal aborts leaves the line without taking a slot.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots: size ${size}`);
    this.free = size;
  }

  /** Holders now. */
  get held(): number {
    return this.size - this.free;
  }

  /** Waiters now. */
  get queued(): number {
    return this.waiting.length;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        const index = this.waiting.indexOf(take);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      this.waiting.push(take);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }

  /** Runs `work` once a slot is free and gives the slot back however it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
