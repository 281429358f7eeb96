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

export function attachmentUrl(id: string): string {
  return `/api/attachments/${encodeURIComponent(id)}`;
}

export function toAttachmentView(row: AttachmentViewRow): AttachmentView {
  return {
    id: row.id,
    url: attachmentUrl(row.id),
    kind: row.storedMime === "application/pdf" ? "pdf" : "image",
    name: row.originalName,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
  };
}
