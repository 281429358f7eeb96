"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { readPreviewFrame } from "@/lib/client/live-frames";
import { nextReplyPreview, type ReplyPreviewState } from "@/lib/client/widget-reply-preview";
import type { WidgetSnapshot } from "@/lib/server/services/widget/widget-snapshot";
import { fetchSnapshot, isSessionLost } from "./widget-api";
import { problemNotice, type WidgetNotice } from "./widget-notice";

export type ConnectionState = "connecting" | "online" | "offline";

const MAX_RETRY_MS = 10_000;

/*
 * The conversation as the server has it, kept current by the widget's event stream. Every event
 * (and every reconnect) reloads the whole snapshot, so an event missed while offline, a restart
 * or a replay too long to send all end the same way: the screen matches the database.
 * `reply_preview` frames (no event id, never stored) show the agent's reply while it is written;
 * the stored message replaces it, and a reconnect drops it, since the snapshot is the truth.
 */
export function useWidgetConversation(onSessionLost: (notice: WidgetNotice | null) => void) {
  const [snapshot, setSnapshot] = useState<WidgetSnapshot | null>(null);
  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [preview, setPreview] = useState<ReplyPreviewState | null>(null);
  const items = useRef<WidgetSnapshot["items"]>([]);
  const lastEventId = useRef<string | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const lost = useRef(onSessionLost);
  lost.current = onSessionLost;

  const refresh = useCallback(async (): Promise<void> => {
    if (loading.current) {
      again.current = true;
      return loading.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const result = await fetchSnapshot();
        if (result.ok) {
          items.current = result.data.items;
          setSnapshot(result.data);
          lastEventId.current ??= result.data.latestEventId;
        } else if (isSessionLost(result)) {
          lost.current(problemNotice(result));
          return;
        }
      } while (again.current);
    };
    loading.current = run().finally(() => {
      loading.current = null;
    });
    return loading.current;
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = 1_000;
    let stopped = false;

    const open = () => {
      const url = lastEventId.current
        ? `/api/widget/events?lastEventId=${encodeURIComponent(lastEventId.current)}`
        : "/api/widget/events";
      const es = new EventSource(url);
      source = es;
      es.addEventListener("hello", () => {
        retryMs = 1_000;
        setConnection("online");
        setPreview(null);
        // Whatever happened while the stream was down is in the snapshot.
        void refresh();
      });
      es.addEventListener("snapshot", (message) => {
        lastEventId.current = message.lastEventId || lastEventId.current;
        void refresh();
      });
      es.addEventListener("reply_preview", (message) => {
        const frame = readPreviewFrame(message.data);
        if (!frame) return;
        if (frame.text !== null) {
          setPreview((current) => nextReplyPreview(current, frame, items.current));
          return;
        }
        // Withdrawn: the stored reply (if any) is committed; load it before the preview goes.
        void refresh().then(() =>
          setPreview((current) => nextReplyPreview(current, frame, items.current)),
        );
      });
      es.onmessage = (message) => {
        lastEventId.current = message.lastEventId || lastEventId.current;
        void refresh();
      };
      es.onerror = () => {
        setConnection("offline");
        // The browser retries a dropped stream itself; an HTTP error (a restarting server, an
        // ended session) closes it for good, so reopen with backoff from the last event id.
        if (es.readyState === EventSource.CLOSED && source === es && !stopped) {
          source = null;
          retryTimer = setTimeout(() => {
            if (!stopped) void refresh().then(() => !stopped && open());
          }, retryMs);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        }
      };
    };

    void refresh().then(() => {
      if (!stopped) open();
    });
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [refresh]);

  return { snapshot, connection, refresh, preview };
}
