"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { isTypingTarget } from "@/components/staff/typing-target";
import { stepSelection } from "@/lib/client/list-selection";

/**
 * j/k move the selection (and focus, so the screen reader reads the row), Enter opens it. Keys
 * typed into a field are left alone. The selection names a conversation, not a position: the
 * list reorders live as tickets move.
 */
export function useRowKeys(ids: readonly string[]) {
  const router = useRouter();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === "j" || event.key === "k") {
        event.preventDefault();
        if (ids.length === 0) return;
        const nextId = stepSelection(ids, selectedId, event.key);
        setSelectedId(nextId);
        if (nextId) links.current.get(nextId)?.focus();
      } else if (event.key === "Enter" && selectedId !== null) {
        // A focused link opens itself; this covers a selection whose focus moved elsewhere.
        if (event.target instanceof HTMLAnchorElement) return;
        if (ids.includes(selectedId)) router.push(`/conversations/${selectedId}`);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [ids, selectedId, router]);

  /** Registers a row's link, so moving the selection can focus it. */
  function linkRef(id: string) {
    return (element: HTMLAnchorElement | null) => {
      if (element) links.current.set(id, element);
      else links.current.delete(id);
    };
  }

  return { selectedId, select: setSelectedId, linkRef };
}
