import { describe, expect, it } from "vitest";
import type { RealtimeEventRecord } from "@/lib/server/realtime/replay-events";
import type { WidgetSession } from "./resolve-widget-session";
import { widgetEventStreamInput } from "./widget-event-stream-input";

const { view } = widgetEventStreamInput({ conversationId: "conv_w" } as WidgetSession, null);

function event(topic: string, payload: unknown): RealtimeEventRecord {
  return {
    position: 7n,
    id: 7n,
    topic,
    conversationId: "conv_w",
    payload,
    createdAt: new Date(0),
  };
}

describe("the widget's event view", () => {
  it("passes a ticket change that sets the language, saying only that something changed", () => {
    const changed = event("ticket.changed", { language: { code: "de", source: "staff" } });
    expect(view?.accept?.(changed)).toBe(true);
    expect(view?.present(changed)).toEqual({ id: "7", topic: "ticket.changed" });
  });

  it("keeps every other ticket change from the customer", () => {
    expect(view?.accept?.(event("ticket.changed", { assigneeId: "staff_1" }))).toBe(false);
    expect(view?.accept?.(event("ticket.changed", null))).toBe(false);
  });
});
