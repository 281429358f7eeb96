"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore } from "react";
import {
  getLiveStatus,
  getServerLiveStatus,
  type LiveEvent,
  type LiveSnapshot,
  type LiveStatus,
  subscribeLiveEvents,
  subscribeLiveStatus,
} from "./live-connection";

export type { LiveEvent, LiveSnapshot, LiveStatus };

export type UseLiveEventsOptions = {
  /** Only events about this conversation; omit for every event. */
  conversationId?: string;
  /** Called for each committed change, in id order, at most a few ms after the commit. */
  onEvent: (event: LiveEvent) => void;
  /**
   * Called when the server could not replay what this tab missed (too much, or after a database
   * reset): rebuild from the server, e.g. `router.refresh()`. Defaults to `onEvent` being told
   * nothing, so pass it when the screen holds state.
   */
  onSnapshot?: (snapshot: LiveSnapshot) => void;
};

/**
 * Live updates for staff screens over the tab's one SSE connection. A typical page refetches:
 *
 *   const router = useRouter();
 *   useLiveEvents({ conversationId, onEvent: () => router.refresh(), onSnapshot: () => router.refresh() });
 */
export function useLiveEvents({ conversationId, onEvent, onSnapshot }: UseLiveEventsOptions): void {
  // Latest callbacks without resubscribing on every render.
  const handlers = useRef({ onEvent, onSnapshot });
  handlers.current = { onEvent, onSnapshot };

  useEffect(() => {
    return subscribeLiveEvents({
      onEvent: (event) => {
        if (conversationId && event.conversationId !== conversationId) return;
        handlers.current.onEvent(event);
      },
      onSnapshot: (snapshot) => handlers.current.onSnapshot?.(snapshot),
    });
  }, [conversationId]);
}

/** Connection state and the serving process, for the header pill. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus, getServerLiveStatus);
}

const REFRESH_WINDOW_MS = 250;

/**
 * Re-renders the current page from the server when something changes (all events, or one
 * conversation's), at most once per 250 ms however many events arrive. While the server is
 * unreachable or stopping it waits: a `router.refresh()` that cannot reach the server makes Next
 * fall back to a full page load, which would replace the page with the browser's error screen. The
 * refresh owed is made as soon as the stream is back.
 */
export function useLiveRefresh({ conversationId }: { conversationId?: string } = {}): void {
  const router = useRouter();
  const { state } = useLiveStatus();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const owed = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (state === "online" && owed.current) {
      owed.current = false;
      router.refresh();
    }
  }, [state, router]);

  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(async () => {
      // A stream can outlive its server by a moment: ask the server before refreshing. A server
      // that is stopping answers 503 here and keeps answering requests for a moment longer, so a
      // refresh decided on while it was up still gets its answer.
      const reachable =
        getLiveStatus().state === "online" &&
        (await fetch("/api/health", { cache: "no-store" }).then(
          (response) => response.ok,
          () => false,
        )) &&
        getLiveStatus().state === "online";
      timer.current = undefined;
      if (reachable) router.refresh();
      else owed.current = true;
    }, REFRESH_WINDOW_MS);
  };
  useLiveEvents({ conversationId, onEvent: refresh, onSnapshot: refresh });
}
