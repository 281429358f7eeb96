import type { ModelEvent, ModelProvider, ModelRequest } from "./provider";

/*
 * Places for open model requests, first come first served, so one busy conversation cannot push
 * ahead of the others. A request whose signal aborts while it waits leaves the line.
 */
export class RequestSlots {
  #open = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  get open(): number {
    return this.#open;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.#open < this.limit) {
      this.#open += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        const index = this.#waiting.indexOf(take);
        if (index !== -1) this.#waiting.splice(index, 1);
        reject(signal.reason);
      };
      this.#waiting.push(take);
      signal.addEventListener("abort", leave, { once: true });
    });
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#open -= 1;
  }
}

const globalForSlots = globalThis as unknown as { countersignModelRequestSlots?: RequestSlots };

/**
 * The one set of places of this process: providers are made per run, the limit is per process.
 * A provider's own rate limit is its to enforce; its 429s are retried after their Retry-After
 * (retry-before-first-event.ts).
 */
export function processRequestSlots(limit: number): RequestSlots {
  const current = globalForSlots.countersignModelRequestSlots;
  if (current?.limit === limit) return current;
  globalForSlots.countersignModelRequestSlots = new RequestSlots(limit);
  return globalForSlots.countersignModelRequestSlots;
}

/** The provider, with each request holding one of `slots` from its start to its last event. */
export function limitConcurrentRequests(
  provider: ModelProvider,
  slots: RequestSlots,
): ModelProvider {
  return {
    ...provider,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      await slots.acquire(request.signal);
      try {
        yield* provider.stream(request);
      } finally {
        slots.release();
      }
    },
  };
}
