import "server-only";

/*
 * Coalesces a burst of identical work inside one process: two hundred clicks on one Approve
 * button then cost the database one decision attempt and a few shared reads, instead of two
 * hundred transactions queueing for ten pooled connections and one row. It only saves work:
 * it coordinates the callers of one database client (one connection pool, as one app process
 * has), never other processes, and correctness still comes from the database.
 */

type InFlight = Map<string, Promise<unknown>>;

// On globalThis, like the Prisma client, so server chunks that each bundle this module share it.
const globalForCoalescing = globalThis as unknown as {
  countersignAttemptsInFlight?: WeakMap<object, InFlight>;
  countersignReadsInFlight?: WeakMap<object, InFlight>;
};

function inFlightFor(registry: WeakMap<object, InFlight>, client: object): InFlight {
  let inFlight = registry.get(client);
  if (!inFlight) {
    inFlight = new Map();
    registry.set(client, inFlight);
  }
  return inFlight;
}

export type AttemptOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `attempt` unless one for `key` on `client` is already in flight. Then it waits for that
 * one to settle, whatever its outcome, and returns `{ ran: false }`: the caller looks at the
 * stored result itself and decides whether to try again.
 */
export async function oneAttemptAtATime<T>(
  client: object,
  key: string,
  attempt: () => Promise<T>,
): Promise<AttemptOutcome<T>> {
  globalForCoalescing.countersignAttemptsInFlight ??= new WeakMap();
  const attempts = inFlightFor(globalForCoalescing.countersignAttemptsInFlight, client);
  const running = attempts.get(key);
  if (running) {
    await running.then(
      () => undefined,
      () => undefined,
    );
    return { ran: false };
  }
  const started = attempt();
  attempts.set(key, started);
  try {
    return { ran: true, value: await started };
  } finally {
    attempts.delete(key);
  }
}

/**
 * Callers asking for `key` on `client` while a read of it is in flight get that read's result.
 * Only for reads whose answer, once true, stays true (a decision is never unmade), or whose age
 * of a few milliseconds the caller accepts: the shared read may have started just before the
 * call.
 */
export function shareConcurrentRead<T>(
  client: object,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  globalForCoalescing.countersignReadsInFlight ??= new WeakMap();
  const reads = inFlightFor(globalForCoalescing.countersignReadsInFlight, client);
  const running = reads.get(key);
  if (running) return running as Promise<T>;
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
