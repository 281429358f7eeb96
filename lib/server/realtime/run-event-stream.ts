import "server-only";
import { getLogger } from "@/lib/server/logger";
import { PROCESS_ID } from "@/lib/server/process/process-id";
import { closeOnProcessStop, whenListening } from "./listener";
import { addLiveStream } from "./live-streams";
import { type RealtimeEventRecord, replayRealtimeEvents } from "./replay-events";
import { encodeSseFrame, encodeSseText } from "./sse-frame";
import { type EventView, encodeEventFrame } from "./stream-fanout";

/*
 * A live-update stream (Server-Sent Events), whichever server writes it (Server-Sent Events). Order of work on connect:
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

export type EventStreamInput = {
  lastEventId: bigint | null;
  conversationId?: string;
  signal: AbortSignal;
  /**
   * Which events the stream shows and what each frame carries: every event, whole, by default.
   * A module-level constant per kind of stream, so each event is encoded once per kind.
   */
  view?: EventView;
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

/** What staff see: every event, whole. */
export const staffEventView: EventView = { present: toStreamedEvent };

const HEARTBEAT_FRAME = encodeSseText(": heartbeat\n\n");
const RETRY_FRAME = encodeSseText(`retry: ${RETRY_MS}\n\n`);

/** Where a stream's bytes go: a web ReadableStream (Next) or Node's response (node-routes.ts). */
export type EventStreamTransport = {
  write(chunk: Uint8Array): void;
  /** Bytes written but not yet taken by the client. */
  queuedBytes(): number;
  /** Ends the response; called once, also after the client went away. */
  end(): void;
};

/** The headers of every event stream response. */
export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

/**
 * Writes the stream to `transport` until `input.signal` aborts, the process stops or the client
 * falls too far behind. Returns the function that closes it.
 */
export function runEventStream(
  input: EventStreamInput,
  transport: EventStreamTransport,
): () => void {
  const { signal, view = staffEventView } = input;
  const conversationId = input.conversationId || null;
  const log = getLogger();
  let closed = false;
  let live = false;
  // Heard while the replay was read: sent after it, minus what it already covered.
  const buffered: Array<() => void> = [];
  // The last position sent (or covered by a snapshot): nothing at or below it is sent again.
  let sentUpTo = input.lastEventId ?? 0n;

  const send = (chunk: Uint8Array) => {
    if (closed) return;
    if (transport.queuedBytes() > MAX_QUEUED_BYTES) {
      log.warn({ conversationId }, "closing a slow SSE client");
      close();
      return;
    }
    transport.write(chunk);
  };
  const sendEventFrame = (event: RealtimeEventRecord, frame: Uint8Array) => {
    if (event.position <= sentUpTo) return;
    sentUpTo = event.position;
    send(frame);
  };
  const sendSnapshot = (reason: string, latestId: bigint | null) => {
    if (latestId !== null && latestId > sentUpTo) sentUpTo = latestId;
    // The id moves the client's Last-Event-ID forward: after rebuilding from the server it
    // needs only what comes next.
    send(
      encodeSseFrame({
        id: (latestId ?? 0n).toString(),
        event: "snapshot",
        data: { reason, latestEventId: latestId?.toString() ?? null },
      }),
    );
  };

  // The fan-out hands over only events of this stream's conversation that its view shows.
  const removeLiveStream = addLiveStream({
    conversationId,
    view,
    deliver(event, frame) {
      if (live) sendEventFrame(event, frame);
      else buffered.push(() => sendEventFrame(event, frame));
    },
    resync(latestId) {
      if (live) sendSnapshot("listener_gap", latestId);
      else buffered.push(() => sendSnapshot("listener_gap", latestId));
    },
  });
  const unsubscribeEphemeral =
    input.ephemeral?.((event, data) => {
      if (live) send(encodeSseFrame({ event, data }));
    }) ?? (() => {});
  const heartbeat = setInterval(() => send(HEARTBEAT_FRAME), HEARTBEAT_MS);
  const forgetOnStop = closeOnProcessStop(() => close());

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    forgetOnStop();
    removeLiveStream();
    unsubscribeEphemeral();
    signal.removeEventListener("abort", close);
    transport.end();
  }
  // The replay, then what was heard meanwhile, then live.
  async function goLive() {
    const listenerState = await whenListening();
    try {
      const replay = await replayRealtimeEvents(input.lastEventId);
      send(
        encodeSseFrame({
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
      else {
        for (const event of replay.events) {
          if (conversationId !== null && event.conversationId !== conversationId) continue;
          const frame = encodeEventFrame(view, event);
          if (frame) sendEventFrame(event, frame);
        }
      }
    } catch (error) {
      log.error({ err: error }, "SSE replay failed");
      send(
        encodeSseFrame({
          event: "snapshot",
          data: { reason: "replay_failed", latestEventId: null },
        }),
      );
    }
    for (const sendBuffered of buffered.splice(0)) sendBuffered();
    live = true;
  }

  if (signal.aborted) {
    close();
    return close;
  }
  signal.addEventListener("abort", close);

  send(RETRY_FRAME);
  void goLive();
  return close;
}
