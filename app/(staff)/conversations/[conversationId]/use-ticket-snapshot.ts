"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLiveEvents, useLiveStatus } from "@/components/realtime/use-live-events";
import { getJson } from "@/lib/client/get-json";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";

// A burst of events (one per stored step) becomes one refetch per window.
const REFETCH_WINDOW_MS = 200;
// Only while the live stream is down and the agent is working: a fallback, not the mechanism.
const OFFLINE_POLL_MS = 2000;

/*
 * The thread's snapshot: first the server's, then newer ones from GET /api/conversations/:id, fetched
 * when a live event about this conversation arrives, after each action here (`changed`), or on a
 * slow timer while the live stream is offline and a run is active. An older answer never
 * replaces a newer one.
 */
export function useTicketSnapshot(initial: ConversationThreadSnapshot) {
  const router = useRouter();
  const [snapshot, setSnapshot] = useState(initial);
  const conversationId = initial.conversation.id;

  useEffect(() => {
    setSnapshot((current) => (initial.generatedAt > current.generatedAt ? initial : current));
  }, [initial]);

  const reload = useCallback(async () => {
    const result = await getJson<ConversationThreadSnapshot>(
      `/api/conversations/${conversationId}`,
    );
    if (!result.ok) return;
    const next = result.data;
    setSnapshot((current) => (next.generatedAt > current.generatedAt ? next : current));
  }, [conversationId]);

  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const scheduleReload = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void reload();
    }, REFETCH_WINDOW_MS);
  }, [reload]);
  useLiveEvents({ conversationId, onEvent: scheduleReload, onSnapshot: scheduleReload });

  const live = useLiveStatus();
  const active = snapshot.timeline.some(
    (item) => item.type === "run" && (item.status === "queued" || item.status === "running"),
  );
  useEffect(() => {
    if (!active || live.state === "online") return;
    const timer = window.setInterval(() => void reload(), OFFLINE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, live.state, reload]);

  const changed = useCallback(() => {
    void reload();
    router.refresh();
  }, [reload, router]);

  return { snapshot, active, changed };
}
