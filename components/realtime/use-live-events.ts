"use client";

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
