import "server-only";
import { subscribeRealtime } from "./listener";
import { type FanoutStream, StreamFanout } from "./stream-fanout";

/*
 * The open event streams of this process, behind its one LISTEN subscription: subscribed while
 * at least one stream is open, so the listener stops reconnecting once nobody is listening, as
 * it did when every stream subscribed on its own.
 */

type LiveStreams = { fanout: StreamFanout; unsubscribe: (() => void) | null };

// On globalThis so dev hot reload and duplicated server chunks share one index.
const globalForStreams = globalThis as unknown as { countersignLiveStreams?: LiveStreams };

function liveStreams(): LiveStreams {
  globalForStreams.countersignLiveStreams ??= { fanout: new StreamFanout(), unsubscribe: null };
  return globalForStreams.countersignLiveStreams;
}

/** Delivers this process's realtime events to `stream` until the returned function is called. */
export function addLiveStream(stream: FanoutStream): () => void {
  const live = liveStreams();
  const remove = live.fanout.add(stream);
  live.unsubscribe ??= subscribeRealtime((signal) => {
    if (signal.kind === "event") live.fanout.publish(signal.event);
    else live.fanout.resync(signal.latestId);
  });
  return () => {
    remove();
    if (live.fanout.size === 0 && live.unsubscribe) {
      live.unsubscribe();
      live.unsubscribe = null;
    }
  };
}
