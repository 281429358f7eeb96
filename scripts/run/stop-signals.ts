import os from "node:os";

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Calls `handler` on the first stop signal; repeats are ignored, because one Ctrl+C usually arrives
 * twice (from the terminal to the whole process group, and forwarded by npm or tsx).
 * Returns the function that unsubscribes.
 */
export function onStopSignal(handler: (signal: NodeJS.Signals) => void): () => void {
  let received = false;
  const listener = (signal: NodeJS.Signals) => {
    if (received) return;
    received = true;
    handler(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, listener);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, listener);
  };
}

/** The shell's convention for a process ended by a signal. */
export function exitCodeFor(signal: NodeJS.Signals): number {
  return 128 + os.constants.signals[signal];
}
