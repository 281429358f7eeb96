"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLiveEvents } from "@/components/realtime/use-live-events";

const REFRESH_WINDOW_MS = 250;

/** Re-renders the inbox from the server when anything changes; a burst becomes one refresh. */
export function InboxLiveRefresh() {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // At most one refresh per window: a stream of agent steps must not postpone it forever.
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      router.refresh();
    }, REFRESH_WINDOW_MS);
  };
  useLiveEvents({ onEvent: refresh, onSnapshot: refresh });
  return null;
}
