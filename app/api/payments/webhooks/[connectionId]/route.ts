import { z } from "zod";
import { isAppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { newId } from "@/lib/ids";
import { problemResponse } from "@/lib/server/http/problem";
import { readRawBody } from "@/lib/server/http/signed-webhook";
import { getLogger } from "@/lib/server/logger";
import { appContext } from "@/lib/server/process/app-context";
import { receivePaymentWebhook } from "@/lib/server/services/pending-actions/receive-payment-webhook";

export const dynamic = "force-dynamic";

/** Stripe's events are a few kilobytes; anything this large is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;
const paramsSchema = z.object({ connectionId: z.string().min(1).max(100) });

/*
 * A payment provider's webhook, not a staff request: the provider's signature over the raw body
 * is the authentication, checked by the connection's provider adapter. Any answer but 2xx makes
 * the provider deliver the event again later (Stripe: for up to three days), which is what a
 * database outage or a refund not recorded yet needs.
 */
export async function POST(
  req: Request,
  { params }: { params: Promise<Record<string, string>> },
): Promise<Response> {
  const requestId = newId("req");
  const log = getLogger().child({ requestId });
  try {
    const parsed = paramsSchema.safeParse(await params);
    if (!parsed.success) return problemResponse({ code: "MALFORMED_PATH", requestId });
    const rawBody = (await readRawBody(req, MAX_WEBHOOK_BYTES)).toString("utf8");
    const received = await receivePaymentWebhook(
      { connectionId: parsed.data.connectionId, rawBody, headers: req.headers },
      appContext(),
    );
    return Response.json(received, { status: 200, headers: { "x-request-id": requestId } });
  } catch (error) {
    if (isAppError(error)) {
      return problemResponse({ code: error.code, requestId, detail: error.message });
    }
    if (isTransientDatabaseError(error)) {
      log.warn({ err: error }, "payment webhook: database unavailable");
      return problemResponse(
        { code: "SERVICE_UNAVAILABLE", requestId, detail: "Try again in a few seconds." },
        { "Retry-After": "5" },
      );
    }
    log.error({ err: error }, "payment webhook failed");
    return problemResponse({ code: "INTERNAL", requestId });
  }
}
