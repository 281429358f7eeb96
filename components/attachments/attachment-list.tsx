import type { AttachmentView } from "@/lib/server/services/attachments/attachment-view";

const THUMBNAIL_PX = 112;

/*
 * A message's photos and PDFs: a photo as a thumbnail that opens the full image, a PDF as a
 * download link. The alt text is the customer's file name. Plain <img>: the files are served by
 * our own route with its own headers, never through an image optimiser.
 */
export function AttachmentList({
  attachments,
  label,
  photoAlt,
  pdfText,
}: {
  attachments: readonly AttachmentView[];
  /** The list's accessible name. */
  label: string;
  photoAlt: (name: string) => string;
  pdfText: (name: string) => string;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          {attachment.kind === "image" ? (
            <a
              href={attachment.url}
              target="_blank"
              rel="noopener"
              className="block rounded-md border border-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {/* biome-ignore lint/performance/noImgElement: served by our own access-checked route */}
              <img
                src={attachment.url}
                alt={photoAlt(attachment.name)}
                width={THUMBNAIL_PX}
                height={thumbnailHeight(attachment)}
                loading="lazy"
                className="h-auto max-h-28 w-28 rounded-md object-cover"
              />
            </a>
          ) : (
            <a
              href={attachment.url}
              download={attachment.name}
              className="inline-block break-all rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-blue-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:bg-slate-800 dark:text-blue-300"
            >
              {pdfText(attachment.name)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function thumbnailHeight(attachment: AttachmentView): number {
  if (!attachment.width || !attachment.height) return THUMBNAIL_PX;
  return Math.max(1, Math.round((THUMBNAIL_PX * attachment.height) / attachment.width));
}
