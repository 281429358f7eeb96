import type { TicketThreadSnapshot } from "@/lib/server/services/tickets/get-ticket-thread";
import { EmailItem } from "./email-item";
import { MessageItem } from "./message-item";
import { RunBlock } from "./run-block";

/** Messages, emails and agent runs in the order they happened. */
export function TicketTimeline({
  timeline,
  canControlRuns,
  onChanged,
}: {
  timeline: TicketThreadSnapshot["timeline"];
  canControlRuns: boolean;
  onChanged: () => void;
}) {
  return (
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
  );
}
