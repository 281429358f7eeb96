import type { StoryChoice } from "./start-story-menu";

/*
 * One story of the start menu: a button that starts it, or, for a story that needs a process to
 * crash, the terminal command that runs it.
 */
export function StoryItem({
  story,
  starting,
  onStart,
}: {
  story: StoryChoice;
  /** The key of the story being started, if any: every button waits for it. */
  starting: string | null;
  onStart: () => void;
}) {
  if (story.terminalCommand) {
    return (
      <div className="flex flex-col gap-0.5 px-3 py-2" data-story-key={story.key}>
        <span className="text-sm font-medium text-slate-900">
          {story.number}. {story.title}
        </span>
        <span className="text-xs text-slate-600">
          {story.expected} It needs a process to crash, so it runs from a terminal:{" "}
          <code className="rounded bg-slate-100 px-1">{story.terminalCommand}</code>
        </span>
      </div>
    );
  }
  return (
    <button
      type="button"
      disabled={starting !== null}
      onClick={onStart}
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
        {story.channel === "email" ? "Email" : "Chat"} from {story.customerName}. {story.expected}
      </span>
    </button>
  );
}
