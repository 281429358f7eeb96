import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { EmailItem } from "./email-item";
import { MessageItem } from "./message-item";
import { RunBlock } from "./run-block";

/** The thread's heading, then messages, emails and agent runs in the order they happened. */
export function TicketTimeline({
  timeline,
  canControlRuns,
  onChanged,
}: {
  timeline: ConversationThreadSnapshot["timeline"];
  canControlRuns: boolean;
  onChanged: () => void;
}) {
  return (
    <>
      <h2 id="thread-heading" className="text-lg font-semibold">
        Conversation
      </h2>
      <p className="text-sm text-slate-600">
        Solid cards are what the customer saw, emails word for word; dashed boxes are internal work
        and notes. Open an agent run to see its steps.
      </p>
      <ol className="space-y-3">
        {timeline.map((item) => (
          <li key={`${item.type}-${item.id}`}>
            {item.type === "message" ? (
              <MessageItem message={item} />
            ) : item.type === "email" ? (
              <EmailItem email={item} />
            ) : (
              <RunBlock run={item} canControl={canControlRuns} onChanged={onChanged} />
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
