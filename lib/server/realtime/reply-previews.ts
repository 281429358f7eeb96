import "server-only";
import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/*
 * Previews of an agent reply while the model writes it. They are never stored: a notification on
 * their own channel goes to the LISTEN connection of every instance, whichever instance runs the
 * model and whichever holds the customer's event stream. A preview that is lost (no listener, a
 * dropped connection) costs nothing, because the stored message replaces it in any case.
 */

export const REPLY_PREVIEW_CHANNEL = "countersign_reply_previews";

// Postgres refuses notification payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7_500;

export const replyPreviewSchema = z.object({
  conversationId: z.string(),
  // One model step of one run: a new id starts a new preview.
  previewId: z.string(),
  // The reply so far; null withdraws the preview (the step sent nothing, or its reply is stored).
  text: z.string().nullable(),
});

export type ReplyPreview = z.infer<typeof replyPreviewSchema>;

/** False when the preview is too long to notify; the caller stops previewing that reply. */
export async function publishReplyPreview(
  db: PrismaClient,
  preview: ReplyPreview,
): Promise<boolean> {
  const payload = JSON.stringify(preview);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return false;
  // A notification takes a transaction id, so its commit would wait for a WAL flush; a preview
  // is never stored and a lost one costs nothing, so it does not wait (SET LOCAL: this statement
  // only).
  await db.$queryRaw`
    SELECT pg_notify(${REPLY_PREVIEW_CHANNEL}, ${payload})::text AS notified,
           set_config('synchronous_commit', 'off', true) AS commit_mode`;
  return true;
}

/** A notification's payload as a preview, or null for anything malformed. */
export function parseReplyPreview(payload: string | undefined): ReplyPreview | null {
  try {
    const parsed = replyPreviewSchema.safeParse(JSON.parse(payload ?? ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
