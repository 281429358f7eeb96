import { z } from "zod";

/*
 * What a customer may attach, decided from the bytes (the sniffed type), never from the file name
 * or the type the sender declared. Images are decoded and re-encoded before they are stored, so
 * what is kept and served is never the uploaded bytes; a PDF is kept as sent unless it carries
 * active content, and is only ever served as a download in a sandbox.
 */

export const ATTACHMENT_LIMITS = {
  /** Bytes of one uploaded file. */
  maxBytes: 10 * 1024 * 1024,
  /** Files sent with one message. */
  maxFilesPerMessage: 4,
  /** Pixels of a decoded image (a small file can decode to a huge one). */
  maxPixels: 40_000_000,
  /** The longest edge of a stored image, in pixels: larger ones are scaled down. */
  maxStoredEdge: 2048,
} as const;

/** A message with its files, as one request: every file at its limit, and room for the text. */
export const MAX_MESSAGE_WITH_FILES_BYTES =
  ATTACHMENT_LIMITS.maxFilesPerMessage * ATTACHMENT_LIMITS.maxBytes + 64 * 1024;

/** The types stored, by the type the bytes were sniffed as. */
const STORED_TYPES = {
  "image/jpeg": { kind: "image", storedMime: "image/jpeg" },
  "image/png": { kind: "image", storedMime: "image/png" },
  "image/webp": { kind: "image", storedMime: "image/webp" },
  "application/pdf": { kind: "pdf", storedMime: "application/pdf" },
} as const satisfies Record<string, { kind: AttachmentKind; storedMime: string }>;

export type AttachmentKind = "image" | "pdf";
export type StoredMime = (typeof STORED_TYPES)[keyof typeof STORED_TYPES]["storedMime"];

export const STORED_MIMES = Object.values(STORED_TYPES).map((type) => type.storedMime);
export const storedMimeSchema = z.enum([
  "image/jpeg",
  "image/png",
  "image/webp",
  "application/pdf",
]);

/** The file picker's hint; the server decides from the bytes whatever the picker let through. */
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

export const REFUSAL_REASONS = [
  "empty",
  "too_large",
  "too_many_files",
  "unsupported_type",
  "too_many_pixels",
  "unreadable",
  "active_content",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const refusalReasonSchema = z.enum(REFUSAL_REASONS);

/** Why a file was refused, in words for staff (the customer's words are in the catalog). */
export const ATTACHMENT_REFUSAL_WORDS: Readonly<Record<RefusalReason, string>> = {
  empty: "the file is empty",
  too_large: "larger than the size limit",
  too_many_files: "more files than one message may carry",
  unsupported_type: "not a JPEG, PNG or WebP image or a PDF",
  too_many_pixels: "the image has too many pixels",
  unreadable: "the file could not be read",
  active_content: "the PDF carries scripts or embedded files",
};

/** How a file arrived. */
export const ATTACHMENT_SOURCES = ["widget", "email"] as const;
export type AttachmentSource = (typeof ATTACHMENT_SOURCES)[number];
export const attachmentSourceSchema = z.enum(ATTACHMENT_SOURCES);

export type AttachmentDecision =
  | { accept: true; kind: AttachmentKind; storedMime: StoredMime }
  | { accept: false; reason: RefusalReason };

/**
 * Whether a file may be stored, from its size and the type its bytes were sniffed as (null when
 * the bytes match no known type).
 */
export function decideAttachment(file: {
  sniffedMime: string | null;
  sizeBytes: number;
}): AttachmentDecision {
  if (file.sizeBytes <= 0) return { accept: false, reason: "empty" };
  if (file.sizeBytes > ATTACHMENT_LIMITS.maxBytes) return { accept: false, reason: "too_large" };
  const type =
    file.sniffedMime && Object.hasOwn(STORED_TYPES, file.sniffedMime)
      ? STORED_TYPES[file.sniffedMime as keyof typeof STORED_TYPES]
      : null;
  if (!type) return { accept: false, reason: "unsupported_type" };
  return { accept: true, kind: type.kind, storedMime: type.storedMime };
}

/** A decoded image too large to decode safely is refused before it is re-encoded. */
export function imageSizeRefusal(size: { width: number; height: number }): RefusalReason | null {
  if (size.width <= 0 || size.height <= 0) return "unreadable";
  return size.width * size.height > ATTACHMENT_LIMITS.maxPixels ? "too_many_pixels" : null;
}

/** Which of a message's files are past the per-message limit, by position. */
export function isPastFileLimit(index: number): boolean {
  return index >= ATTACHMENT_LIMITS.maxFilesPerMessage;
}

// Names in a PDF may escape any character as #xx (/J#61vaScript), so they are decoded first.
const ACTIVE_PDF_NAMES =
  /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA|SubmitForm|ImportData)\b/;

/**
 * Whether a PDF names content a viewer could run or open: scripts, launch actions, embedded
 * files, forms that submit. A cheap scan of the file's text (names hidden inside compressed
 * object streams escape it), so PDFs are also served only as downloads in a sandbox.
 */
export function pdfHasActiveContent(latin1Text: string): boolean {
  const decoded = latin1Text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return ACTIVE_PDF_NAMES.test(decoded);
}

const MAX_NAME_CHARS = 120;
const EXTENSIONS: Record<StoredMime, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/**
 * The sender's file name as shown and offered for download: no folders, no control or markup
 * characters, at most 120 characters, and ending in the stored type's extension, so a name
 * never claims another type than the bytes have.
 */
export function sanitizeFileName(name: string | null | undefined, storedMime: StoredMime): string {
  const base = (name ?? "").split(/[\\/]/).at(-1) ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s_]+/, "")
    .trim();
  const extension = EXTENSIONS[storedMime];
  const stem = cleaned.replace(/\.[^.]*$/, "").slice(0, MAX_NAME_CHARS - extension.length - 1);
  return `${stem || "attachment"}.${extension}`;
}

/** A name for a file that was refused, for the line that says so (the type is not known). */
export function refusedFileName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).at(-1) ?? "";
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .trim()
    .slice(0, MAX_NAME_CHARS);
  return cleaned || "unnamed file";
}

/** A merchant-fault refund asks for a photo until the conversation has one. */
export function shouldAskForPhoto(input: {
  merchantFault: boolean;
  conversationHasImage: boolean;
}): boolean {
  return input.merchantFault && !input.conversationHasImage;
}
