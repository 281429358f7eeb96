import "server-only";
import pino, { type Logger } from "pino";
import { getServerEnv } from "@/lib/server/env";

let instance: Logger | undefined;

/**
 * The app's structured logger (JSON lines on stdout). Created on first use so that importing a
 * module that logs never reads the environment during `next build`.
 */
export function getLogger(): Logger {
  if (!instance) {
    const env = getServerEnv();
    instance = pino({
      level: env.LOG_LEVEL,
      base: { app: "countersign", version: env.APP_VERSION, pid: process.pid },
      // Secrets must never reach log storage, even when a caller logs a whole object.
      redact: {
        paths: ["password", "*.password", "passwordHash", "*.passwordHash", "headers.cookie"],
        censor: "[redacted]",
      },
    });
  }
  return instance;
}
