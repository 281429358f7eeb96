// Set by the production server (scripts/run/next-server.mjs) when it starts draining, and by the
// first stop signal where that server is not in front (tests, other entry points).
const PROCESS_STOPPING = Symbol.for("countersign.processStopping");
const flags = globalThis as unknown as Record<symbol, boolean | undefined>;

/**
 * True once this process has been told to stop: new live streams are refused and the health check
 * answers 503, so clients and load balancers go elsewhere while requests in flight are answered.
 */
export function isProcessStopping(): boolean {
  return flags[PROCESS_STOPPING] === true;
}

export function markProcessStopping(): void {
  flags[PROCESS_STOPPING] = true;
}
