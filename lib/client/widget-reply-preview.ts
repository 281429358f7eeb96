import type { WidgetTimelineItem } from "@/lib/server/services/widget/widget-snapshot";

/** An agent reply being written, as the widget's event stream last described it. */
export type ReplyPreviewState = {
  previewId: string;
  text: string;
  // The timeline items on screen when this preview began: only a newer message can replace it.
  itemsBefore: ReadonlySet<string>;
};

export const timelineKey = (item: WidgetTimelineItem) => `${item.kind}-${item.id}`;

/** The next preview state after a `reply_preview` frame; a null text withdraws that preview. */
export function nextReplyPreview(
  current: ReplyPreviewState | null,
  frame: { previewId: string; text: string | null },
  items: readonly WidgetTimelineItem[],
): ReplyPreviewState | null {
  if (frame.text === null) return current?.previewId === frame.previewId ? null : current;
  const itemsBefore =
    current?.previewId === frame.previewId ? current.itemsBefore : new Set(items.map(timelineKey));
  return { previewId: frame.previewId, text: frame.text, itemsBefore };
}

/**
 * The preview to draw, or null once the stored reply it previews is on screen: the stored
 * message is the truth and takes its place, so the two are never shown together.
 */
export function visibleReplyPreview(
  preview: ReplyPreviewState | null,
  items: readonly WidgetTimelineItem[],
): ReplyPreviewState | null {
  if (!preview) return null;
  const stored = items.some(
    (item) =>
      item.kind === "message" &&
      item.author === "agent" &&
      !preview.itemsBefore.has(timelineKey(item)) &&
      item.body.startsWith(preview.text),
  );
  return stored ? null : preview;
}
