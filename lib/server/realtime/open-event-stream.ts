import "server-only";
import { isProcessStopping } from "@/lib/server/process/process-stopping";
import { EVENT_STREAM_HEADERS, type EventStreamInput, runEventStream } from "./run-event-stream";

/**
 * The event stream as a web Response, for Next's route handlers. next-server.mjs answers the
 * staff stream itself (node-event-stream.ts): Next carries each chunk of a Response through web
 * streams, which at a thousand open streams cost more CPU per event than everything else.
 */
export function openEventStream(input: EventStreamInput): Response {
  // A stopping server must not look "online" to a tab that reconnects in its last moments.
  if (isProcessStopping()) {
    return new Response("This server is shutting down.", {
      status: 503,
      headers: { "Retry-After": "1", "Cache-Control": "no-store" },
    });
  }
  let close = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        close = runEventStream(input, {
          write: (chunk) => controller.enqueue(chunk),
          queuedBytes: () => -(controller.desiredSize ?? 0),
          end() {
            try {
              controller.close();
            } catch {
              // Already closed by the runtime after the client went away.
            }
          },
        });
      },
      cancel() {
        close();
      },
    },
    // Counted in bytes, none kept ahead: desiredSize is minus the bytes the client has not taken.
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  return new Response(stream, { headers: EVENT_STREAM_HEADERS });
}
