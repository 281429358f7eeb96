import "server-only";
import type { ServerResponse } from "node:http";
import { isProcessStopping } from "@/lib/server/process/process-stopping";
import { EVENT_STREAM_HEADERS, type EventStreamInput, runEventStream } from "./run-event-stream";

/**
 * The event stream written straight to Node's response, for the Node route next-server.mjs
 * answers before Next (node-routes.ts): each frame is one `res.write` of bytes shared by every
 * stream, with no web-stream pipe per client in between. `headers` are the route's own
 * (security headers, request id); the stream ends when the client goes away.
 */
export function writeNodeEventStream(
  input: Omit<EventStreamInput, "signal">,
  res: ServerResponse,
  headers: Record<string, string>,
): void {
  if (isProcessStopping()) {
    res.writeHead(503, { ...headers, "Retry-After": "1", "Cache-Control": "no-store" });
    res.end("This server is shutting down.");
    return;
  }
  const gone = new AbortController();
  res.once("close", () => gone.abort());
  res.writeHead(200, { ...headers, ...EVENT_STREAM_HEADERS });
  runEventStream(
    { ...input, signal: gone.signal },
    {
      write: (chunk) => {
        res.write(chunk);
      },
      queuedBytes: () => res.writableLength,
      end: () => res.end(),
    },
  );
}
