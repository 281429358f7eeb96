import { isAppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { newId } from "@/lib/ids";
import { MAX_INBOUND_EMAIL_BYTES } from "@/lib/integrations/email/inbound-email-error";
import { getServerEnv } from "@/lib/server/env";
import { problemResponse } from "@/lib/server/http/problem";
import { readRawBody } from "@/lib/server/http/signed-webhook";
import { getLogger } from "@/lib/server/logger";
import { appContext } from "@/lib/server/process/app-context";
import { acceptEmailWebhook } from "@/lib/server/services/email/accept-email-webhook";

export const dynamic = "force-dynamic";

/*
 * A signed webhook, not a staff request: the HMAC over the raw body is the authentication, so
 * the staff route wrapper (session, same-origin) does not apply. Answers 202 once stored.
 */
export async function POST(req: Request): Promise<Response> {
  const requestId = newId("req");
  const log = getLogger().child({ requestId });
  try {
    const body = await readRawBody(req, MAX_INBOUND_EMAIL_BYTES);
    const env = getServerEnv();
    const received = await acceptEmailWebhook(
      {
        headers: req.headers,
        body,
        secret: env.INBOUND_EMAIL_SECRET,
        supportAddress: env.SUPPORT_EMAIL_ADDRESS,
      },
      appContext(),
    );
    return Response.json(
      {
        conversationId: received.conversationId,
        messageId: received.messageId,
        duplicate: received.duplicate,
        threaded: received.threaded,
      },
      { status: received.duplicate ? 200 : 202, headers: { "x-request-id": requestId } },
    );
  } catch (error) {
    if (isAppError(error)) {
      return problemResponse({ code: error.code, requestId, detail: error.message });
    }
    // The database away: the provider's retry will find it back, so say so (not a bare 500).
    if (isTransientDatabaseError(error)) {
      log.warn({ err: error }, "inbound email webhook: database unavailable");
      return problemResponse(
        { code: "SERVICE_UNAVAILABLE", requestId, detail: "Try again in a few seconds." },
        { "Retry-After": "5" },
      );
    }
    log.error({ err: error }, "inbound email webhook failed");
    return problemResponse({ code: "INTERNAL", requestId });
  }
}
