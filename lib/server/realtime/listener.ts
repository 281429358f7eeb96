import "server-only";
import pg from "pg";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import { REALTIME_CHANNEL } from "./publish";
import {
  loadRealtimeEventsAfter,
  loadRealtimeEventsById,
  type RealtimeEventRecord,
} from "./replay-events";

/*
 * One LISTEN connection per process, shared by every open SSE stream of that process. pg_notify
 * carries only the RealtimeEvent id; the listener loads each notified row once and hands the
 * same record to all subscribers, so 200 open tabs cost one query per event, not 200.
 *
 * A dedicated `pg` client, not Prisma: LISTEN needs a connection that stays checked out for the
 * life of the process, which a pooled ORM connection is not. If that connection drops, it is
 * re-opened with backoff and everything committed after the last delivered id is loaded and
 * delivered, so a database restart loses nothing for the tabs that stayed open.
 */

export type RealtimeSubscriber = (event: RealtimeEventRecord) => void;
export type ListenerState = "connecting" | "listening" | "down";

type Listener = {
  subscribers: Set<RealtimeSubscriber>;
  client: pg.Client | null;
  state: ListenerState;
  // Highest id delivered; used to fill the gap after a reconnect.
  lastDeliveredId: bigint | null;
  // Ids delivered lately: the gap fill after a reconnect may overlap what NOTIFY brings.
  recentIds: Set<bigint>;
  pendingIds: Set<string>;
  flushScheduled: boolean;
  connecting: Promise<void> | null;
  retryDelayMs: number;
  stateWaiters: Set<() => void>;
};

const MAX_RETRY_DELAY_MS = 5_000;
const RECENT_IDS_KEPT = 2_000;

// On globalThis so dev hot reload and duplicated server chunks share one connection.
const globalForListener = globalThis as unknown as { countersignRealtimeListener?: Listener };

function getListener(): Listener {
  globalForListener.countersignRealtimeListener ??= {
    subscribers: new Set(),
    client: null,
    state: "down",
    lastDeliveredId: null,
    recentIds: new Set(),
    pendingIds: new Set(),
    flushScheduled: false,
    connecting: null,
    retryDelayMs: 250,
    stateWaiters: new Set(),
  };
  return globalForListener.countersignRealtimeListener;
}

function deliver(listener: Listener, events: RealtimeEventRecord[]): void {
  for (const event of events) {
    if (listener.recentIds.has(event.id)) continue;
    listener.recentIds.add(event.id);
    if (listener.recentIds.size > RECENT_IDS_KEPT) {
      // Sets iterate in insertion order: drop the oldest.
      const oldest = listener.recentIds.values().next().value;
      if (oldest !== undefined) listener.recentIds.delete(oldest);
    }
    if (listener.lastDeliveredId === null || event.id > listener.lastDeliveredId) {
      listener.lastDeliveredId = event.id;
    }
    for (const subscriber of listener.subscribers) {
      try {
        subscriber(event);
      } catch (error) {
        getLogger().warn({ err: error }, "realtime subscriber threw");
      }
    }
  }
}

// Notifications arriving in the same tick are loaded with one query.
function scheduleFlush(listener: Listener): void {
  if (listener.flushScheduled) return;
  listener.flushScheduled = true;
  setImmediate(() => {
    listener.flushScheduled = false;
    const ids = [...listener.pendingIds].map((id) => BigInt(id));
    listener.pendingIds.clear();
    if (ids.length === 0) return;
    loadRealtimeEventsById(ids)
      .then((events) => deliver(listener, events))
      .catch((error) => getLogger().error({ err: error }, "loading realtime events failed"));
  });
}

function setState(listener: Listener, state: ListenerState): void {
  listener.state = state;
  for (const waiter of listener.stateWaiters) waiter();
  listener.stateWaiters.clear();
}

async function connect(listener: Listener): Promise<void> {
  const log = getLogger();
  setState(listener, "connecting");
  const client = new pg.Client({
    connectionString: getServerEnv().DATABASE_URL,
    application_name: "countersign-realtime",
    keepAlive: true,
  });
  client.on("notification", (message) => {
    if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
    listener.pendingIds.add(message.payload);
    scheduleFlush(listener);
  });
  const onLost = (error?: Error) => {
    if (listener.client !== client) return;
    listener.client = null;
    setState(listener, "down");
    log.warn({ err: error }, "realtime listener connection lost; reconnecting");
    client.end().catch(() => {});
    scheduleReconnect(listener);
  };
  client.on("error", onLost);
  client.on("end", () => onLost());

  try {
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
  } catch (error) {
    client.removeAllListeners("end");
    client.end().catch(() => {});
    setState(listener, "down");
    log.warn({ err: error }, "realtime listener could not connect; retrying");
    scheduleReconnect(listener);
    return;
  }
  listener.client = client;
  listener.retryDelayMs = 250;
  setState(listener, "listening");

  // Whatever committed while no connection was listening.
  if (listener.lastDeliveredId !== null) {
    const missed = await loadRealtimeEventsAfter(listener.lastDeliveredId, 1_000).catch(() => []);
    deliver(listener, missed);
  }
}

function scheduleReconnect(listener: Listener): void {
  const delay = listener.retryDelayMs;
  listener.retryDelayMs = Math.min(listener.retryDelayMs * 2, MAX_RETRY_DELAY_MS);
  setTimeout(() => {
    if (listener.subscribers.size === 0 || listener.client) return;
    ensureConnected(listener);
  }, delay).unref();
}

function ensureConnected(listener: Listener): void {
  if (listener.client || listener.connecting) return;
  listener.connecting = connect(listener).finally(() => {
    listener.connecting = null;
  });
}

/**
 * Calls `subscriber` with every realtime event committed from now on, in any process. Returns
 * the unsubscribe function. The connection opens with the first subscriber and stays open.
 */
export function subscribeRealtime(subscriber: RealtimeSubscriber): () => void {
  const listener = getListener();
  listener.subscribers.add(subscriber);
  ensureConnected(listener);
  return () => {
    listener.subscribers.delete(subscriber);
  };
}

/**
 * Resolves once LISTEN is active (or after `timeoutMs`), so a stream can read its replay
 * after subscribing without a window in which a commit is neither replayed nor heard.
 */
export function whenListening(timeoutMs = 2_000): Promise<ListenerState> {
  const listener = getListener();
  if (listener.state === "listening") return Promise.resolve("listening");
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.stateWaiters.delete(done);
      resolve(listener.state);
    }, timeoutMs);
    const done = () => {
      if (listener.state === "connecting") {
        listener.stateWaiters.add(done);
        return;
      }
      clearTimeout(timer);
      resolve(listener.state);
    };
    listener.stateWaiters.add(done);
  });
}

export function realtimeListenerState(): ListenerState {
  return getListener().state;
}

const globalForShutdown = globalThis as unknown as {
  countersignStreamClosers?: Set<() => void>;
  countersignStopping?: boolean;
};

/** True once this process has been told to stop: new streams are refused so clients go elsewhere. */
export function isProcessStopping(): boolean {
  return globalForShutdown.countersignStopping === true;
}

/**
 * Registers `close` to run when this process is told to stop (SIGTERM/SIGINT). Next's graceful
 * shutdown waits for open requests to finish, and an SSE stream never does: without this, a
 * stopping instance keeps its tabs "online" until it is killed, and they neither fail over nor
 * show the server as offline. Returns the function that unregisters it.
 */
export function closeOnProcessStop(close: () => void): () => void {
  if (!globalForShutdown.countersignStreamClosers) {
    const closers = new Set<() => void>();
    globalForShutdown.countersignStreamClosers = closers;
    const onSignal = (signal: NodeJS.Signals) => {
      globalForShutdown.countersignStopping = true;
      for (const closer of [...closers]) closer();
      closers.clear();
      // Next installs its own handler that exits; if nothing else listens (`once` has already
      // removed this one), keep the default of exiting.
      if (process.listenerCount(signal) === 0) process.exit(signal === "SIGINT" ? 130 : 143);
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }
  const closers = globalForShutdown.countersignStreamClosers;
  closers.add(close);
  return () => {
    closers.delete(close);
  };
}
