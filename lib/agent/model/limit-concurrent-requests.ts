import { Slots } from "@/lib/concurrency/slots";
import type { ModelEvent, ModelProvider, ModelRequest } from "./provider";

const globalForSlots = globalThis as unknown as { countersignModelRequestSlots?: Slots };

/**
 * The one set of places for open model requests in this process: providers are made per run, the
 * limit is per process. First come first served, so one busy conversation cannot push ahead of
 * the others. A provider's own rate limit is its to enforce: its 429s are retried after their
 * Retry-After (retry-before-first-event.ts).
 */
export function processRequestSlots(limit: number): Slots {
  const current = globalForSlots.countersignModelRequestSlots;
  if (current?.size === limit) return current;
  globalForSlots.countersignModelRequestSlots = new Slots(limit);
  return globalForSlots.countersignModelRequestSlots;
}

/**
 * The provider, with each request holding one of `slots` from its start to its last event; a
 * request whose signal aborts while it waits leaves the line.
 */
export function limitConcurrentRequests(provider: ModelProvider, slots: Slots): ModelProvider {
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
