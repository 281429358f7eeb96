import { describe, expect, it } from "vitest";
import type { WidgetMessage } from "@/lib/server/services/widget/widget-snapshot";
import { nextReplyPreview, visibleReplyPreview } from "./widget-reply-preview";

const message = (id: string, author: WidgetMessage["author"], body: string): WidgetMessage => ({
  kind: "message",
  id,
  author,
  body,
  createdAt: "2025-03-15T12:00:00.000Z",
});

const earlier = [message("m1", "customer", "Hi"), message("m2", "agent", "Thanks for waiting.")];

describe("widget reply previews", () => {
  it("grows one preview and remembers what was on screen when it began", () => {
    const first = nextReplyPreview(null, { previewId: "p1", text: "Thanks for waiting." }, earlier);
    const more = [...earlier, message("m3", "customer", "And?")];
    const second = nextReplyPreview(
      first,
      { previewId: "p1", text: "Thanks for waiting. Yes." },
      more,
    );
    expect(second?.text).toBe("Thanks for waiting. Yes.");
    expect([...(second?.itemsBefore ?? [])]).toEqual(["message-m1", "message-m2"]);
  });

  it("is withdrawn only by its own clear", () => {
    const shown = nextReplyPreview(null, { previewId: "p2", text: "Hello." }, earlier);
    expect(nextReplyPreview(shown, { previewId: "p1", text: null }, earlier)).toBe(shown);
    expect(nextReplyPreview(shown, { previewId: "p2", text: null }, earlier)).toBeNull();
  });

  it("gives way to the stored reply it previews, not to an older identical message", () => {
    const preview = nextReplyPreview(
      null,
      { previewId: "p1", text: "Thanks for waiting." },
      earlier,
    );
    expect(visibleReplyPreview(preview, earlier)).toBe(preview);
    const withStaff = [...earlier, message("m3", "staff", "Thanks for waiting. Staff here.")];
    expect(visibleReplyPreview(preview, withStaff)).toBe(preview);
    const stored = [...earlier, message("m4", "agent", "Thanks for waiting. Done.\n\n— Sig")];
    expect(visibleReplyPreview(preview, stored)).toBeNull();
  });
});
