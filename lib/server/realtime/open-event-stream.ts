import "server-only";
import { getLogger } from "@/lib/server/logger";
import { isProcessStopping } from "@/lib/server/process-stopping";
import { PROCESS_ID } from "@/lib/server/services/runs/process-id";
import {
  closeOnProcessStop,
  type RealtimeSignal,
  subscribeRealtime,
  whenListening,
} from "./listener";
import { type RealtimeEventRecord, replayRealtimeEvents } from "./replay-events";

/*
 * The staff live-update stream (Server-Sent Events). Order of work on connect:
 *   1. subscribe to this process's LISTEN fan-out and buffer what arrives;
 *   2. wait until LISTEN is active, then read what the client missed since Last-Event-ID
 *      (or tell it to rebuild from a snapshot);
 *   3. send the replay, then the buffered live events not already replayed, then go live.
 * Subscribing before reading the replay closes the window in which an event could be neither
 * replayed nor heard. Event ids are sealed positions (gapless, in commit order), and the stream
 * only ever sends a position above the last one it sent: every event after Last-Event-ID
 * arrives, in commit order, never twice.
 */

export const HEARTBEAT_MS = 15_000;
// The browser's EventSource waits this long before reconnecting after a drop.
const RETRY_MS = 1_000;
// A client this far behind (bytes queued) is too slow to keep; it reconnects and replays.
const MAX_QUEUED_BYTES = 1_000_000;

export type OpenEventStreamInput = {
  lastEventId: bigint | null;
  conversationId?: string;
  signal: AbortSignal;
  /** Narrows the stream further, e.g. to what a customer may see. */
  accept?: (event: RealtimeEventRecord) => boolean;
  /** What each event frame carries; the whole event by default. */
  present?: (event: RealtimeEventRecord) => unknown;
  /** Leaves this process's identity out of the hello frame (for customers). */
  anonymous?: boolean;
  /**
   * Frames that are never stored (reply previews): subscribe with the given sender, return the
   * unsubscribe function. They carry no event id, so Last-Event-ID never moves past a stored
   * event because of one, and they are sent only once the stream is live (never replayed).
   */
  ephemeral?: (send: (event: string, data: unknown) => void) => () => void;
};

export type StreamedEvent = {
  id: string;
  topic: string;
  conversationId: string | null;
  payload: unknown;
  createdAt: string;
};

export function toStreamedEvent(event: RealtimeEventRecord): StreamedEvent {
  return {
    id: event.position.toString(),
    topic: event.topic,
    conversationId: event.conversationId,
    payload: event.payload,
    createdAt: event.createdAt.toISOString(),
  };
}

const encoder = new TextEncoder();

function frame(fields: { id?: string; event?: string; data: unknown }): Uint8Array {
  let text = "";
  if (fields.id !== undefined) text += `id: ${fields.id}\n`;
  if (fields.event !== undefined) text += `event: ${fields.event}\n`;
  text += `data: ${JSON.stringify(fields.data)}\n\n`;
  return encoder.encode(text);
}

export function openEventStream(input: OpenEventStreamInput): Response {
  // A stopping server must not look "online" to a tab that reconnects in its last moments.
  if (isProcessStopping()) {
    return new Response("This server is shutting down.", {
      status: 503,
      headers: { "Retry-After": "1", "Cache-Control": "no-store" },
    });
  }
  const { signal, conversationId, accept, present = toStreamedEvent } = input;
  const log = getLogger();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let live = false;
      const buffered: RealtimeSignal[] = [];
      // The last position sent (or covered by a snapshot): nothing at or below it is sent again.
      let sentUpTo = input.lastEventId ?? 0n;

      const send = (chunk: Uint8Array) => {
        if (closed) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
          log.warn({ conversationId }, "closing a slow SSE client");
          close();
          return;
        }
        controller.enqueue(chunk);
      };
      const wanted = (event: RealtimeEventRecord) =>
        (!conversationId || event.conversationId === conversationId) && (accept?.(event) ?? true);
      const sendEvent = (event: RealtimeEventRecord) => {
        if (event.position <= sentUpTo) return;
        sentUpTo = event.position;
        if (wanted(event)) {
          send(frame({ id: event.position.toString(), data: present(event) }));
        }
      };
      const sendSnapshot = (reason: string, latestId: bigint | null) => {
        if (latestId !== null && latestId > sentUpTo) sentUpTo = latestId;
        // The id moves the client's Last-Event-ID forward: after rebuilding from the server it
        // needs only what comes next.
        send(
          frame({
            id: (latestId ?? 0n).toString(),
            event: "snapshot",
            data: { reason, latestEventId: latestId?.toString() ?? null },
          }),
        );
      };
      const handle = (message: RealtimeSignal) => {
        if (message.kind === "event") sendEvent(message.event);
        else sendSnapshot("listener_gap", message.latestId);
      };

      const unsubscribe = subscribeRealtime((message) => {
        if (live) handle(message);
        else buffered.push(message);
      });
      const unsubscribeEphemeral =
        input.ephemeral?.((event, data) => {
          if (live) send(frame({ event, data }));
        }) ?? (() => {});
      const heartbeat = setInterval(() => send(encoder.encode(": heartbeat\n\n")), HEARTBEAT_MS);
      const forgetOnStop = closeOnProcessStop(() => close());

      function close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        forgetOnStop();
        unsubscribe();
        unsubscribeEphemeral();
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the runtime after the client went away.
        }
      }
      cleanup = close;
      if (signal.aborted) return close();
      signal.addEventListener("abort", close);

      send(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      const listenerState = await whenListening();
      try {
        const replay = await replayRealtimeEvents(input.lastEventId);
        send(
          frame({
            event: "hello",
            data: {
              ...(!input.anonymous && { processId: PROCESS_ID, pid: process.pid }),
              serverTime: new Date().toISOString(),
              listening: listenerState === "listening",
              latestEventId: replay.latestId?.toString() ?? null,
            },
          }),
        );
        if (replay.kind === "snapshot") sendSnapshot(replay.reason, replay.latestId);
        else for (const event of replay.events) sendEvent(event);
      } catch (error) {
        log.error({ err: error }, "SSE replay failed");
        send(frame({ event: "snapshot", data: { reason: "replay_failed", latestEventId: null } }));
      }
      for (const message of buffered.splice(0)) handle(message);
      live = true;
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
