import "server-only";

/** A stored file as served: its stored type, its sanitised name, its bytes. */
export type ServedAttachment = { storedMime: string; originalName: string; bytes: Buffer };

/*
 * The file as a response the browser can only display or save: the stored type (never sniffed,
 * nosniff), a sandbox CSP that lets nothing in it run or load, an image inline and a PDF only
 * as a download, and caching by the reader's own browser only.
 */
export function attachmentResponse(attachment: ServedAttachment): Response {
  const inline = attachment.storedMime.startsWith("image/");
  return new Response(new Uint8Array(attachment.bytes), {
    status: 200,
    headers: {
      "Content-Type": attachment.storedMime,
      "Content-Length": String(attachment.bytes.length),
      "Content-Disposition": contentDisposition(
        inline ? "inline" : "attachment",
        attachment.originalName,
      ),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": "private, max-age=300",
      Vary: "Cookie",
    },
  });
}

// RFC 6266: an ASCII fallback and the UTF-8 name, so no character of a name can break the header.
function contentDisposition(type: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
