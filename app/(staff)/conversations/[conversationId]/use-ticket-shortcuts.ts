"use client";

import { useEffect, useRef } from "react";
import { isTypingTarget } from "@/components/staff/typing-target";

export type TicketShortcuts = {
  r: () => void;
  n: () => void;
  a: () => void;
  s: () => void;
};

/*
 * r reply, n note, a assign, s solve: single keys as in other helpdesks, ignored while a person
 * types in a field or holds a modifier, so they never eat a letter of a reply.
 */
export function useTicketShortcuts(shortcuts: TicketShortcuts | null): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTypingTarget(event.target)) return;
      const action = latest.current?.[event.key as keyof TicketShortcuts];
      if (!action) return;
      event.preventDefault();
      action();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
