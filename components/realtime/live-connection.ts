// One EventSource per browser tab, shared by the header pill and every page that listens, so a
// tab holds one connection to /api/events however many components subscribe.

import {
  type LiveEvent,
  type LiveSnapshot,
  readEventFrame,
  readHelloFrame,
  readSnapshotFrame,
} from "@/lib/client/live-frames";

export type { LiveEvent, LiveSnapshot };

export type LiveStatus = {
  state: "connecting" | "online" | "offline";
  processId: string | null;
  pid: number | null;
  lastEventId: string | null;
};

type Subscriber = {
  onEvent: (event: LiveEvent) => void;
  onSnapshot?: (snapshot: LiveSnapshot) => void;
};

const ENDPOINT = "/api/events";
const MAX_RETRY_MS = 10_000;
// Keep the connection through a client-side navigation that unmounts and remounts subscribers.
const IDLE_CLOSE_MS = 5_000;

let source: EventSource | null = null;
let status: LiveStatus = { state: "connecting", processId: null, pid: null, lastEventId: null };
const statusListeners = new Set<() => void>();
const subscribers = new Set<Subscriber>();
let users = 0;
let retryMs = 1_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function setStatus(next: Partial<LiveStatus>): void {
  status = { ...status, ...next };
  for (const listener of statusListeners) listener();
}

function open(): void {
  clearTimeout(retryTimer);
  // A new EventSource cannot set Last-Event-ID itself; the query carries it instead.
  const url = status.lastEventId
    ? `${ENDPOINT}?lastEventId=${encodeURIComponent(status.lastEventId)}`
    : ENDPOINT;
  const es = new EventSource(url);
  source = es;

  es.addEventListener("hello", (message) => {
    const hello = readHelloFrame(message.data);
    if (!hello) return;
    retryMs = 1_000;
    setStatus({ state: "online", processId: hello.processId ?? null, pid: hello.pid ?? null });
  });
  es.addEventListener("snapshot", (message) => {
    const snapshot = readSnapshotFrame(message.data);
    if (!snapshot) return;
    setStatus({ lastEventId: snapshot.latestEventId ?? status.lastEventId });
    // Even the first snapshot counts: whatever committed between the server render of the page
    // and this stream's subscription reached nobody, so subscribers reload once.
    for (const subscriber of subscribers) subscriber.onSnapshot?.(snapshot);
  });
  es.onmessage = (message) => {
    const event = readEventFrame(message.data);
    if (!event) return;
    setStatus({ lastEventId: event.id });
    for (const subscriber of subscribers) subscriber.onEvent(event);
  };
  es.onerror = () => {
    setStatus({ state: "offline" });
    // The browser retries a dropped stream itself; an HTTP error (e.g. 502 while the server
    // restarts) closes it for good, so reopen with backoff and replay from the last id.
    if (es.readyState === EventSource.CLOSED && source === es) {
      source = null;
      retryTimer = setTimeout(() => {
        if (users > 0 && !source) open();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  };
}

function retain(): () => void {
  users += 1;
  clearTimeout(idleTimer);
  if (!source && typeof window !== "undefined") open();
  return () => {
    users -= 1;
    if (users > 0) return;
    idleTimer = setTimeout(() => {
      if (users > 0) return;
      source?.close();
      source = null;
      clearTimeout(retryTimer);
      setStatus({ state: "connecting" });
    }, IDLE_CLOSE_MS);
  };
}

export function subscribeLiveEvents(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  const release = retain();
  return () => {
    subscribers.delete(subscriber);
    release();
  };
}

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  const release = retain();
  return () => {
    statusListeners.delete(listener);
    release();
  };
}

export function getLiveStatus(): LiveStatus {
  return status;
}

const serverStatus: LiveStatus = {
  state: "connecting",
  processId: null,
  pid: null,
  lastEventId: null,
};

export function getServerLiveStatus(): LiveStatus {
  return serverStatus;
}
