// Next calls register() once per server instance at start-up.
export async function register(): Promise<void> {
  // biome-ignore lint/style/noProcessEnv: Next inlines NEXT_RUNTIME per bundle, so the edge build drops the Node-only import below; env.ts cannot be read here for that reason.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackgroundWork } = await import("@/lib/server/process/start-background-work");
  // Awaited: the server takes requests once its job workers run, so a turn queued by the first
  // request starts at once in this process.
  await startBackgroundWork();
  // next-server.mjs answers these endpoints itself from now on; until then Next does.
  const { registerNodeRoutes } = await import("@/lib/server/http/node-routes");
  registerNodeRoutes();
}
