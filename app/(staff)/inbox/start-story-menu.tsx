"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClassName } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { useIdempotencyKey } from "@/lib/client/use-idempotency-key";

export type StoryChoice = {
  key: string;
  number: number;
  title: string;
  channel: "chat" | "email";
  customerName: string;
  expected: string;
  terminalCommand: string | null;
};

/**
 * "Start a story": launches one of the canonical scenarios (its customer writes in), then opens
 * the new ticket so the agent can be watched at work. A disclosure of buttons, not an ARIA menu:
 * Tab and Enter work as everywhere else, Escape closes it.
 */
export function StartStoryMenu({ stories }: { stories: StoryChoice[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const startKey = useIdempotencyKey();

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector("button")?.focus();
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  async function start(story: StoryChoice) {
    setStarting(story.key);
    setError(null);
    const request = { storyKey: story.key };
    const result = await sendJson<{ conversationId: string }>("/api/stories", request, {
      idempotencyKey: startKey.keyFor(request),
    });
    if (!result.ok) {
      setStarting(null);
      setError(`Could not start “${story.title}”. ${describeProblem(result.problem)}`);
      return;
    }
    startKey.settled();
    setOpen(false);
    router.push(`/conversations/${result.data.conversationId}`);
  }

  return (
    <div className="relative">
      <button
        type="button"
        ref={toggle}
        className={buttonClassName("primary")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Start a story
        <span aria-hidden="true">▾</span>
      </button>
      {error ? (
        <p role="alert" className="mt-2 max-w-xs text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div
        id={panelId}
        ref={panel}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 max-h-[70vh] w-[min(24rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <p className="px-3 py-2 text-xs text-slate-600">
          Each story is a scenario from the acceptance list: its customer writes in and the agent
          takes it from there.
        </p>
        <ul>
          {stories.map((story) => (
            <li key={story.key}>
              {story.terminalCommand ? (
                <div className="flex flex-col gap-0.5 px-3 py-2" data-story-key={story.key}>
                  <span className="text-sm font-medium text-slate-900">
                    {story.number}. {story.title}
                  </span>
                  <span className="text-xs text-slate-600">
                    {story.expected} It needs a process to crash, so it runs from a terminal:{" "}
                    <code className="rounded bg-slate-100 px-1">{story.terminalCommand}</code>
                  </span>
                </div>
              ) : (
                <button
                  type="button"
                  disabled={starting !== null}
                  onClick={() => start(story)}
                  data-story-key={story.key}
                  className="flex w-full flex-col items-start gap-0.5 rounded-md px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 disabled:cursor-wait disabled:opacity-70"
                >
                  <span className="text-sm font-medium text-slate-900">
                    {story.number}. {story.title}
                    {starting === story.key ? (
                      <span className="font-normal text-slate-600"> — starting…</span>
                    ) : null}
                  </span>
                  <span className="text-xs text-slate-600">
                    {story.channel === "email" ? "Email" : "Chat"} from {story.customerName}.{" "}
                    {story.expected}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
