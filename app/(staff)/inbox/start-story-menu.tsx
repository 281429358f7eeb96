"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClassName } from "@/components/ui/button";
import { useDisclosure } from "@/components/ui/use-disclosure";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { useIdempotencyKey } from "@/lib/client/use-idempotency-key";
import { StoryItem } from "./story-item";

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
  const { open, setOpen, toggle, panel } = useDisclosure();
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const startKey = useIdempotencyKey();

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
              <StoryItem story={story} starting={starting} onStart={() => start(story)} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
