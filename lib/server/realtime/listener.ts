import "server-only";
import pg from "pg";
import { utcConnection } from "@/lib/server/database-session";
import { db } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import { markProcessStopping } from "@/lib/server/process/process-stopping";
import { REALTIME_CHANNEL } from "./publish";
import {
  latestRealtimePosition,
  loadRealtimeEventsAfter,
  type RealtimeEventRecord,
} from "./replay-events";
import { parseReplyPreview, REPLY_PREVIEW_CHANNEL, type ReplyPreview } from "./reply-previews";

/*
 * One LISTEN connection per process, shared by every open SSE stream of that process. The
 * sealer notifies the newest sealed position; the listener then loads every sealed event after
 * the last one it delivered, in position order, once, and hands the same records to all
 * subscribers, so 200 open tabs cost one query per batch, not 200. Positions are gapless and
 * only grow, so "after the last delivered" is the whole of catch-up: nothing skipped, nothing
 * twice, whatever notifications were lost.
 *
 * A dedicated `pg` client, not Prisma: LISTEN needs a connection that stays checked out for the
 * life of the process, which a pooled ORM connection is not. If it drops (a database restart) it
 * is re-opened with backoff; a connection that dies silently is found by a periodic check query
 * on it, with TCP keepalive underneath. After either, the missed events are delivered, or, when
 * the gap is larger than a screen should replay, subscribers are told to refresh.
 */

export type RealtimeSignal =
  | { kind: "event"; event: RealtimeEventRecord }
  /** Too much was missed while the listener was down: rebuild from the server. */
  | { kind: "resync"; latestId: bigint | null };
export type RealtimeSubscriber = (signal: RealtimeSignal) => void;
export type ReplyPreviewSubscriber = (preview: ReplyPreview) => void;
export type ListenerState = "connecting" | "listening" | "down";

type Listener = {
  subscribers: Set<RealtimeSubscriber>;
  previewSubscribers: Set<ReplyPreviewSubscriber>;
  client: pg.Client | null;
  state: ListenerState;
  /** Position of the last event delivered (or skipped by a resync); null before the first connect. */
  lastPosition: bigint | null;
  pumping: boolean;
  pumpAgain: boolean;
  connecting: Promise<void> | null;
  retryDelayMs: number;
  stateWaiters: Set<() => void>;
};

const MAX_RETRY_DELAY_MS = 5_000;
const PAGE_SIZE = 500;
/** A catch-up larger than this tells tabs to refresh instead. */
export const MAX_CATCH_UP_EVENTS = 1_000;
/** How often the connection proves it is alive and checks for events it was not told about. */
export const LISTENER_CHECK_MS = 10_000;
const CHECK_TIMEOUT_MS = 5_000;

// On globalThis so dev hot reload and duplicated server chunks share one connection.
const globalForListener = globalThis as unknown as { countersignRealtimeListener?: Listener };

function getListener(): Listener {
  globalForListener.countersignRealtimeListener ??= {
    subscribers: new Set(),
    previewSubscribers: new Set(),
    client: null,
    state: "down",
    lastPosition: null,
    pumping: false,
    pumpAgain: false,
    connecting: null,
    retryDelayMs: 250,
    stateWaiters: new Set(),
  };
  return globalForListener.countersignRealtimeListener;
}

function signal(listener: Listener, message: RealtimeSignal): void {
  for (const subscriber of listener.subscribers) {
    try {
      subscriber(message);
    } catch (error) {
      getLogger().warn({ err: error }, "realtime subscriber threw");
    }
  }
}

function deliverPreview(listener: Listener, payload: string | undefined): void {
  const preview = parseReplyPreview(payload);
  if (!preview) return;
  for (const subscriber of listener.previewSubscribers) {
    try {
      subscriber(preview);
    } catch (error) {
      getLogger().warn({ err: error }, "reply preview subscriber threw");
    }
  }
}

/** Delivers every sealed event after `lastPosition`; one pump at a time keeps them in order. */
async function pump(listener: Listener): Promise<void> {
  if (listener.pumping) {
    listener.pumpAgain = true;
    return;
  }
  listener.pumping = true;
  try {
    do {
      listener.pumpAgain = false;
      for (;;) {
        const events = await loadRealtimeEventsAfter(listener.lastPosition ?? 0n, PAGE_SIZE);
        for (const event of events) {
          listener.lastPosition = event.position;
          signal(listener, { kind: "event", event });
        }
        if (events.length < PAGE_SIZE) break;
      }
    } while (listener.pumpAgain);
  } catch (error) {
    // The periodic check pumps again.
    getLogger().error({ err: error }, "loading realtime events failed");
  } finally {
    listener.pumping = false;
  }
}

/** After a reconnect: deliver what was missed, or ask for a refresh when it is too much. */
async function catchUp(listener: Listener): Promise<void> {
  const latest = await latestRealtimePosition(db);
  if (listener.lastPosition === null) {
    // First connection: streams replay history themselves; deliver from here on.
    listener.lastPosition = latest ?? 0n;
    return;
  }
  if (latest !== null && latest - listener.lastPosition > BigInt(MAX_CATCH_UP_EVENTS)) {
    listener.lastPosition = latest;
    signal(listener, { kind: "resync", latestId: latest });
    return;
  }
  await pump(listener);
}

function setState(listener: Listener, state: ListenerState): void {
  listener.state = state;
  for (const waiter of listener.stateWaiters) waiter();
  listener.stateWaiters.clear();
}

function startChecks(listener: Listener, client: pg.Client, onLost: (error?: Error) => void) {
  const timer = setInterval(() => {
    if (listener.client !== client) return clearInterval(timer);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("listener check timed out")), CHECK_TIMEOUT_MS).unref(),
    );
    Promise.race([client.query("SELECT max(position) AS head FROM realtime_events"), timeout])
      .then((result) => {
        const head = (result.rows[0] as { head: string | null }).head;
        if (head !== null && BigInt(head) > (listener.lastPosition ?? 0n)) void pump(listener);
      })
      .catch((error: Error) => onLost(error));
  }, LISTENER_CHECK_MS);
  timer.unref();
}

async function connect(listener: Listener): Promise<void> {
  const log = getLogger();
  setState(listener, "connecting");
  const client = new pg.Client({
    ...utcConnection(getServerEnv().DATABASE_URL),
    application_name: "countersign-realtime",
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on("notification", (message) => {
    if (message.channel === REALTIME_CHANNEL) void pump(listener);
    if (message.channel === REPLY_PREVIEW_CHANNEL) deliverPreview(listener, message.payload);
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
    await client.query(`LISTEN ${REPLY_PREVIEW_CHANNEL}`);
    listener.client = client;
    // Whatever was sealed while no connection was listening, before streams count on us.
    await catchUp(listener);
  } catch (error) {
    if (listener.client === client) listener.client = null;
    client.removeAllListeners("end");
    client.end().catch(() => {});
    setState(listener, "down");
    log.warn({ err: error }, "realtime listener could not connect; retrying");
    scheduleReconnect(listener);
    return;
  }
  listener.retryDelayMs = 250;
  setState(listener, "listening");
  startChecks(listener, client, onLost);
}

function scheduleReconnect(listener: Listener): void {
  const delay = listener.retryDelayMs;
  listener.retryDelayMs = Math.min(listener.retryDelayMs * 2, MAX_RETRY_DELAY_MS);
  setTimeout(() => {
    if (listener.subscribers.size + listener.previewSubscribers.size === 0 || listener.client) {
      return;
    }
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
 * Calls `subscriber` with every realtime event sealed from now on, in any process, in position
 * order. Returns the unsubscribe function. The connection opens with the first subscriber and
 * stays open.
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
 * Calls `subscriber` with every reply preview notified from now on, by any process. Previews are
 * not stored, so one sent while the connection is down is gone. Returns the unsubscribe function.
 */
export function subscribeReplyPreviews(subscriber: ReplyPreviewSubscriber): () => void {
  const listener = getListener();
  listener.previewSubscribers.add(subscriber);
  ensureConnected(listener);
  return () => {
    listener.previewSubscribers.delete(subscriber);
  };
}

/**
 * Resolves once LISTEN is active (or after `timeoutMs`), so a stream can read its replay
 * after subscribing without a window in which an event is neither replayed nor heard.
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
};

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
      markProcessStopping();
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
