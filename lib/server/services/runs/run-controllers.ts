import "server-only";

// In-process handles on runs this process is advancing, so Stop can abort the in-flight model
// request at once. Other processes learn about a stop from `stopRequestedAt` on their heartbeat.
const controllers = new Map<string, AbortController>();

export function registerRunController(runId: string): AbortController {
  const controller = new AbortController();
  controllers.set(runId, controller);
  return controller;
}

export function unregisterRunController(runId: string, controller: AbortController): void {
  if (controllers.get(runId) === controller) controllers.delete(runId);
}

export function abortRunInProcess(runId: string, reason: string): boolean {
  const controller = controllers.get(runId);
  if (!controller) return false;
  controller.abort(reason);
  return true;
}
