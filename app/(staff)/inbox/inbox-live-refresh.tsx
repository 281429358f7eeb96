"use client";

import { useLiveRefresh } from "@/components/realtime/use-live-events";

/** Re-renders the inbox from the server when anything changes anywhere. */
export function InboxLiveRefresh() {
  useLiveRefresh();
  return null;
}
