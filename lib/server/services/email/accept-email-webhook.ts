import "server-only";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import type { InboundEmailErrorCode } from "@/lib/integrations/email/inbound-email-error";
import { isInboundEmailError } from "@/lib/integrations/email/inbound-email-error";
import { verifyWebhookSignature } from "@/lib/server/http/signed-webhook";
import {
  type ReceivedEmail,
  type ReceiveInboundEmailContext,
  receiveInboundEmail,
} from "./receive-inbound-email";

const RECEIPT_SCOPE = "inbound-email-webhook";

const HTTP_CODE: Record<InboundEmailErrorCode, ErrorCode> = {
  TOO_LARGE: "PAYLOAD_TOO_LARGE",
  MALFORMED: "VALIDATION_FAILED",
  BAD_SENDER: "VALIDATION_FAILED",
  UNSTORABLE: "VALIDATION_FAILED",
  RATE_LIMITED: "RATE_LIMITED",
  WRONG_RECIPIENT: "VALIDATION_FAILED",
  UNKNOWN_THREAD: "NOT_FOUND",
};

/*
 * POST /api/inbound/email: raw RFC 822 from a mail provider, signed with INBOUND_EMAIL_SECRET.
 * The signature is checked before the body is parsed; a signature seen before is a replay (409),
 * and the email's own Message-ID makes a redelivery under a fresh signature change nothing.
 */
export async function acceptEmailWebhook(
  input: {
    headers: Headers;
    body: Buffer;
    /** INBOUND_EMAIL_SECRET; unset switches the endpoint off. */
    secret: string | undefined;
    supportAddress: string;
  },
  context: ReceiveInboundEmailContext,
): Promise<ReceivedEmail> {
  const { db } = context;
  const { secret } = input;
  if (!secret) {
    // Switched off is not an outage: the endpoint does not exist until it is configured.
    throw new AppError(
      "NOT_FOUND",
      "Inbound email by webhook is off: set INBOUND_EMAIL_SECRET to turn it on.",
    );
  }
  const now = context.now();
  const signature = verifyWebhookSignature({
    secret,
    headers: input.headers,
    body: input.body,
    now,
  });
  const replayed = () =>
    new AppError("CONFLICT", "This signed request was already received (replay refused).");
  const seen = await db.idempotencyReceipt.findUnique({
    where: { scope_key: { scope: RECEIPT_SCOPE, key: signature } },
  });
  if (seen) throw replayed();

  let received: ReceivedEmail;
  try {
    received = await receiveInboundEmail(
      { raw: input.body, via: "webhook", supportAddress: input.supportAddress },
      {
        db,
        now: () => now,
        model: context.model,
        payments: context.payments,
        commerce: context.commerce,
        logger: context.logger,
        faultPoint: context.faultPoint,
      },
    );
  } catch (error) {
    if (isInboundEmailError(error)) throw new AppError(HTTP_CODE[error.code], error.message);
    throw error;
  }
  try {
    await db.idempotencyReceipt.create({
      data: {
        scope: RECEIPT_SCOPE,
        key: signature,
        requestFingerprint: signature,
        result: { conversationId: received.conversationId, messageId: received.messageId },
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw replayed();
    throw error;
  }
  return received;
}
