import "server-only";
import { getLogger } from "@/lib/server/logger";
import type { RealtimeEventRecord } from "./replay-events";
import { encodeSseFrame } from "./sse-frame";

/*
 * Hands each realtime event of this process to the open streams that may show it, without
 * looking at the others and without encoding it more than once per kind of stream. Streams are
 * indexed by the conversation they are limited to (or none: every event); an event reaches the
 * unlimited streams and those of its own conversation only. What a stream shows of an event is
 * its view, one shared object per kind of stream (staff, customer), so the event's frame is
 * encoded once per view and the same bytes are enqueued to every stream of that view.
 */

/** Which events a kind of stream shows, and what its frame of one carries. */
export type EventView = {
  accept?: (event: RealtimeEventRecord) => boolean;
  present: (event: RealtimeEventRecord) => unknown;
};

export type FanoutStream = {
  /** The only conversation this stream shows, or null for every event. */
  conversationId: string | null;
  view: EventView;
  /** An event this stream may show, with its frame (shared with other streams: do not modify). */
  deliver(event: RealtimeEventRecord, frame: Uint8Array): void;
  /** Too much was missed while this process was not listening: rebuild from the server. */
  resync(latestId: bigint | null): void;
};

/** The frame of `event` as `view` shows it, or null when the view does not show it. */
export function encodeEventFrame(view: EventView, event: RealtimeEventRecord): Uint8Array | null {
  if (view.accept && !view.accept(event)) return null;
  return encodeSseFrame({ id: event.position.toString(), data: view.present(event) });
}

/** One stream failing must not keep the event from the others. */
function guard(deliver: () => void): void {
  try {
    deliver();
  } catch (error) {
    getLogger().warn({ err: error }, "realtime stream threw on delivery");
  }
}

export class StreamFanout {
  private readonly unlimited = new Set<FanoutStream>();
  private readonly byConversation = new Map<string, Set<FanoutStream>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Returns the function that removes the stream again. */
  add(stream: FanoutStream): () => void {
    const key = stream.conversationId;
    let streams = this.unlimited;
    if (key !== null) {
      streams = this.byConversation.get(key) ?? new Set();
      this.byConversation.set(key, streams);
    }
    if (streams.has(stream)) throw new Error("stream added twice");
    streams.add(stream);
    this.count += 1;
    return () => {
      if (!streams.delete(stream)) return;
      this.count -= 1;
      if (key !== null && streams.size === 0) this.byConversation.delete(key);
    };
  }

  publish(event: RealtimeEventRecord): void {
    const frames = new Map<EventView, Uint8Array | null>();
    const deliverTo = (streams: Set<FanoutStream>) => {
      for (const stream of streams) {
        let frame = frames.get(stream.view);
        if (frame === undefined) {
          frame = encodeEventFrame(stream.view, event);
          frames.set(stream.view, frame);
        }
        if (frame) guard(() => stream.deliver(event, frame));
      }
    };
    deliverTo(this.unlimited);
    const own =
      event.conversationId === null ? undefined : this.byConversation.get(event.conversationId);
    if (own) deliverTo(own);
  }

  resync(latestId: bigint | null): void {
    for (const stream of this.unlimited) guard(() => stream.resync(latestId));
    for (const streams of this.byConversation.values()) {
      for (const stream of streams) guard(() => stream.resync(latestId));
    }
  }
}
