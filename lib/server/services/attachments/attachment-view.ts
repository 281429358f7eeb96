import type { Prisma } from "@/lib/generated/prisma/client";

/** A file as pages show it: a link to its bytes (which answer only to those allowed to see it). */
export type AttachmentView = {
  id: string;
  url: string;
  kind: "image" | "pdf";
  name: string;
  width: number | null;
  height: number | null;
  sizeBytes: number;
};

export const attachmentViewSelect = {
  id: true,
  storedMime: true,
  originalName: true,
  width: true,
  height: true,
  sizeBytes: true,
  createdAt: true,
} as const satisfies Prisma.AttachmentSelect;

type AttachmentViewRow = Prisma.AttachmentGetPayload<{ select: typeof attachmentViewSelect }>;

/** Who the page is for: staff pages and the widget reach a file at different paths. */
export type AttachmentAudience = "staff" | "customer";

/** The widget's cookie is sent only under /api/widget, so the customer's link lives there. */
export function attachmentUrl(id: string, audience: AttachmentAudience): string {
  const base = audience === "customer" ? "/api/widget/attachments" : "/api/attachments";
  return `${base}/${encodeURIComponent(id)}`;
}

export function toAttachmentView(
  row: AttachmentViewRow,
  audience: AttachmentAudience,
): AttachmentView {
  return {
    id: row.id,
    url: attachmentUrl(row.id, audience),
    kind: row.storedMime === "application/pdf" ? "pdf" : "image",
    name: row.originalName,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
  };
}
