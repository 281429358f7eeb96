import "server-only";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import {
  ATTACHMENT_LIMITS,
  decideAttachment,
  imageSizeRefusal,
  isPastFileLimit,
  pdfHasActiveContent,
  type RefusalReason,
  refusedFileName,
  type StoredMime,
  sanitizeFileName,
} from "@/lib/domain/attachments";
import { storeAttachmentBytes } from "./attachment-store";

/** A file as it arrived: its bytes and the name the sender gave it (declared types are ignored). */
export type IncomingFile = { bytes: Uint8Array; name: string | null };

/** A file whose stored bytes are on disk, ready for its row in the message's transaction. */
export type PreparedAttachment = {
  sha256: string;
  storedMime: StoredMime;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  originalName: string;
};

export type RefusedFile = { name: string; reason: RefusalReason };

export type PreparedFiles = { stored: PreparedAttachment[]; refused: RefusedFile[] };

/*
 * Each file of a message checked from its bytes and, when accepted, stored. An image is decoded
 * and encoded again (turned upright by its EXIF orientation, then every metadata block dropped,
 * at most maxStoredEdge pixels on its longer edge), so what is stored is never what was sent:
 * no GPS position, no embedded thumbnail, nothing after the image data. A PDF is kept as sent
 * unless it names scripts, launch actions or embedded files. Files past the per-message limit
 * are refused unread.
 */
export async function prepareAttachments(
  files: readonly IncomingFile[],
  dir?: string,
): Promise<PreparedFiles> {
  const stored: PreparedAttachment[] = [];
  const refused: RefusedFile[] = [];
  for (const [index, file] of files.entries()) {
    const outcome = isPastFileLimit(index)
      ? { reason: "too_many_files" as const }
      : await prepareOne(file, dir);
    if ("reason" in outcome)
      refused.push({ name: refusedFileName(file.name), reason: outcome.reason });
    else stored.push(outcome);
  }
  return { stored, refused };
}

async function prepareOne(
  file: IncomingFile,
  dir: string | undefined,
): Promise<PreparedAttachment | { reason: RefusalReason }> {
  const sniffed =
    file.bytes.length > 0 && file.bytes.length <= ATTACHMENT_LIMITS.maxBytes
      ? await fileTypeFromBuffer(file.bytes).catch(() => undefined)
      : undefined;
  const decision = decideAttachment({
    sniffedMime: sniffed?.mime ?? null,
    sizeBytes: file.bytes.length,
  });
  if (!decision.accept) return { reason: decision.reason };
  const encoded =
    decision.kind === "image"
      ? await reencodeImage(file.bytes, decision.storedMime)
      : checkPdf(file.bytes);
  if ("reason" in encoded) return encoded;
  const sha256 = await storeAttachmentBytes(encoded.bytes, dir);
  return {
    sha256,
    storedMime: decision.storedMime,
    sizeBytes: encoded.bytes.length,
    width: encoded.width,
    height: encoded.height,
    originalName: sanitizeFileName(file.name, decision.storedMime),
  };
}

type Encoded = { bytes: Uint8Array; width: number | null; height: number | null };

async function reencodeImage(
  bytes: Uint8Array,
  storedMime: StoredMime,
): Promise<Encoded | { reason: RefusalReason }> {
  const options = { limitInputPixels: ATTACHMENT_LIMITS.maxPixels, failOn: "error" } as const;
  try {
    const metadata = await sharp(bytes, options).metadata();
    const refusal = imageSizeRefusal({ width: metadata.width ?? 0, height: metadata.height ?? 0 });
    if (refusal) return { reason: refusal };
    const pipeline = sharp(bytes, options).rotate().resize({
      width: ATTACHMENT_LIMITS.maxStoredEdge,
      height: ATTACHMENT_LIMITS.maxStoredEdge,
      fit: "inside",
      withoutEnlargement: true,
    });
    const formatted =
      storedMime === "image/png"
        ? pipeline.png()
        : storedMime === "image/webp"
          ? pipeline.webp({ quality: 85 })
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await formatted.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return { reason: /pixel limit/i.test(message) ? "too_many_pixels" : "unreadable" };
  }
}

function checkPdf(bytes: Uint8Array): Encoded | { reason: RefusalReason } {
  if (pdfHasActiveContent(Buffer.from(bytes).toString("latin1")))
    return { reason: "active_content" };
  return { bytes, width: null, height: null };
}
