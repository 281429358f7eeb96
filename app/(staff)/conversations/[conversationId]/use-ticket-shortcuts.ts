"use client";

import { useEffect, useRef, useState } from "react";
import { isTypingTarget } from "@/components/staff/typing-target";
import { describeProblem } from "@/lib/client/send-json";
import type { ComposerHandle } from "./ticket-composer";
import { solveTicket } from "./ticket-work-bar";

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

/*
 * The ticket page's shortcuts wired to its parts, for someone who may reply: r and n open the
 * composer, a focuses the assignee, s solves and says how that went in `shortcutStatus`.
 */
export function useTicketPageShortcuts({
  conversationId,
  enabled,
  onChanged,
}: {
  conversationId: string;
  enabled: boolean;
  onChanged: () => void;
}) {
  const composer = useRef<ComposerHandle>(null);
  const assignee = useRef<HTMLSelectElement>(null);
  const [shortcutStatus, setShortcutStatus] = useState("");
  useTicketShortcuts(
    enabled
      ? {
          r: () => composer.current?.open("reply"),
          n: () => composer.current?.open("note"),
          a: () => assignee.current?.focus(),
          s: () => {
            void solveTicket(conversationId).then((result) => {
              setShortcutStatus(result.ok ? "Marked solved." : describeProblem(result.problem));
              if (result.ok) onChanged();
            });
          },
        }
      : null,
  );
  return { composer, assignee, shortcutStatus };
}
