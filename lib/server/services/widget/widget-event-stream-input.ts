import "server-only";
import { subscribeReplyPreviews } from "@/lib/server/realtime/listener";
import type { RealtimeEventRecord } from "@/lib/server/realtime/replay-events";
import type { EventStreamInput } from "@/lib/server/realtime/run-event-stream";
import type { EventView } from "@/lib/server/realtime/stream-fanout";
import type { WidgetSession } from "./resolve-widget-session";

// Changes a customer can see; run.status drives the typing indicator. A ticket change is theirs
// only when it is the conversation's language (the widget then speaks it).
const CUSTOMER_TOPICS = new Set([
  "message.created",
  "pending_action.changed",
  "refund.executed",
  "refund.state_changed",
  "run.status",
  "ticket.changed",
]);

function isCustomerVisible(event: RealtimeEventRecord): boolean {
  if (!CUSTOMER_TOPICS.has(event.topic)) return false;
  if (event.topic === "ticket.changed") {
    const payload = event.payload as { language?: unknown } | null;
    return payload?.language !== undefined;
  }
  if (event.topic !== "message.created") return true;
  const payload = event.payload as { visibility?: unknown } | null;
  return payload?.visibility === "customer";
}

/** What a customer sees: that something changed, nothing of what (the widget reloads). */
const customerEventView: EventView = {
  accept: isCustomerVisible,
  present: (event) => ({ id: event.position.toString(), topic: event.topic }),
};

/**
 * The widget's live stream: only this session's conversation, only customer-visible changes,
 * and each frame says only that something changed (the widget reloads its snapshot), so no
 * internal detail rides along. Replay after Last-Event-ID is the staff stream's own. Previews of
 * the agent's reply to this conversation come as `reply_preview` frames with no id.
 * Written by openEventStream (a web Response, for Next) or writeNodeEventStream (before Next).
 */
export function widgetEventStreamInput(
  session: WidgetSession,
  lastEventId: bigint | null,
): Omit<EventStreamInput, "signal"> {
  return {
    lastEventId,
    conversationId: session.conversationId,
    view: customerEventView,
    anonymous: true,
    ephemeral: (send) =>
      subscribeReplyPreviews((preview) => {
        if (preview.conversationId !== session.conversationId) return;
        send("reply_preview", { previewId: preview.previewId, text: preview.text });
      }),
  };
}
