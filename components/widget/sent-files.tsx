"use client";

import { AttachmentList } from "@/components/attachments/attachment-list";
import type { AttachmentView } from "@/lib/server/services/attachments/attachment-view";
import { useAttachmentText } from "./attach-control";

/** The customer's own photos (thumbnails that open the full image) and PDFs, in their language. */
export function SentFiles({ attachments }: { attachments: AttachmentView[] }) {
  const t = useAttachmentText();
  return (
    <AttachmentList
      attachments={attachments}
      label={t("sent_files")}
      photoAlt={(name) => t("photo_alt", { name })}
      pdfText={(name) => t("pdf_link", { name })}
    />
  );
}
