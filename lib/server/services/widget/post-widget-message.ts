import "server-only";
import { z } from "zod";
import { secondsToWait } from "@/lib/auth/login-throttle-policy";
import { widgetMessageKey, widgetMessageLimit } from "@/lib/auth/public-door-throttle";
import { clientMessageIdSchema, widgetMessageTextSchema } from "@/lib/domain/widget-message";
import { AppError } from "@/lib/errors/app-error";
import { claimSignInAttempt } from "@/lib/server/repositories/login-throttle-repository";
import type { PreparedFiles } from "@/lib/server/services/attachments/prepare-attachment";
import { recordAttachments } from "@/lib/server/services/attachments/record-attachments";
import { findIntakeReceipt, intakeKey } from "@/lib/server/services/intake/intake-receipt";
import {
  type IntakeContext,
  postCustomerMessage,
} from "@/lib/server/services/intake/post-customer-message";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { WidgetSession } from "./resolve-widget-session";

export const postWidgetMessageSchema = z.object({
  clientMessageId: clientMessageIdSchema,
  text: widgetMessageTextSchema,
});

export type PostWidgetMessageInput = z.output<typeof postWidgetMessageSchema> & {
  session: WidgetSession;
  /** Files sent with the message, already checked and stored: their rows join its transaction. */
  files?: PreparedFiles;
};

/** The route's answer: the stored message, the run that answers it, and whether it was a repeat. */
export type PostedWidgetMessage = { messageId: string; runId: string | null; duplicate: boolean };

const SUBJECT_MAX_CHARS = 80;

/**
 * The customer's message, through the same path as every customer message (stored, classified
 * against the quote they were shown, then answered by the agent). The client message id makes a
 * retry or a double submit land on the first copy and its run; the same id with other text is
 * refused (422). A customer gets a steady allowance of messages (public-door-throttle.ts); past
 * it the message is refused with a 429 to try again. A retry of a stored message is answered
 * before the allowance is counted, so it never uses up the customer's turn.
 */
export async function postWidgetMessage(
  input: PostWidgetMessageInput,
  context: IntakeContext,
): Promise<PostedWidgetMessage> {
  const { db } = context;
  const { session } = input;
  const now = context.now();
  const files = input.files?.stored ?? [];
  // A message's files are part of what it is: the same id with other files is another message.
  const intake = intakeKey(`widget-message:${session.conversationId}`, input.clientMessageId, {
    text: input.text,
    ...(files.length > 0 && { files: files.map((file) => file.sha256) }),
  });
  const earlier = await findIntakeReceipt(db, intake);
  if (earlier) return { messageId: earlier.messageId, runId: earlier.runId, duplicate: true };
  const allowance = await claimSignInAttempt(
    db,
    widgetMessageKey(session.customerId),
    now,
    widgetMessageLimit,
  );
  if (!allowance.allowed) {
    const waitMs = (allowance.state.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
    const seconds = secondsToWait(waitMs);
    throw new AppError(
      "RATE_LIMITED",
      `You're sending messages faster than we can answer them. Try again in ${seconds} seconds.`,
      { extensions: { retryAfterSeconds: seconds } },
    );
  }
  const posted = await postCustomerMessage(
    {
      conversationId: session.conversationId,
      text: input.text,
      dedupeKey: `widget:${input.clientMessageId}`,
      sessionId: session.id,
      intake,
      ...(input.files && {
        onStored: (tx, stored) =>
          recordAttachments(tx, {
            ...stored,
            source: "widget",
            files: input.files as PreparedFiles,
            now,
          }),
      }),
    },
    context,
  );
  if (!posted.duplicate) await nameConversationAfterFirstMessage(db, session, input.text);
  return { messageId: posted.messageId, runId: posted.runId, duplicate: posted.duplicate };
}

// Staff read the inbox by subject: the customer's first words say more than "Chat on …".
async function nameConversationAfterFirstMessage(
  db: UseCaseContext["db"],
  session: WidgetSession,
  text: string,
) {
  const subject = text.replace(/\s+/g, " ").trim();
  await db.conversation.updateMany({
    where: { id: session.conversationId, subject: `Chat on ${session.workspace.name}` },
    data: {
      subject:
        subject.length > SUBJECT_MAX_CHARS
          ? `${subject.slice(0, SUBJECT_MAX_CHARS - 1)}…`
          : subject,
    },
  });
}
