import { isAppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { newId } from "@/lib/ids";
import { problemResponse } from "@/lib/server/http/problem";
import { readRawBody } from "@/lib/server/http/signed-webhook";
import { jsonResponse } from "@/lib/server/http/small-body";
import { getLogger } from "@/lib/server/logger";
import { appContext } from "@/lib/server/process/app-context";
import { connectionsEncryptionKey } from "@/lib/server/process/connections-encryption-key";
import {
  MAX_PUSHED_ORDER_BYTES,
  pushOrder,
  WORKSPACE_HEADER,
} from "@/lib/server/services/store-orders/push-order";

export const dynamic = "force-dynamic";

/*
 * A store pushes one order. Signed like the inbound email webhook, with the workspace's orders
 * API key: the HMAC over the raw body is the authentication, so the staff route wrapper
 * (session, same-origin) does not apply. 201 when the order is new, 200 otherwise.
 */
export async function PUT(
  req: Request,
  ctx: { params: Promise<{ number: string }> },
): Promise<Response> {
  const requestId = newId("req");
  const log = getLogger().child({ requestId });
  try {
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(req.headers.get("content-type") ?? "")) {
      return problemResponse({
        code: "UNSUPPORTED_MEDIA_TYPE",
        requestId,
        detail: "Send the order as application/json.",
      });
    }
    const body = await readRawBody(req, MAX_PUSHED_ORDER_BYTES);
    const pushed = await pushOrder(
      {
        workspaceKey: req.headers.get(WORKSPACE_HEADER),
        pathNumber: (await ctx.params).number,
        headers: req.headers,
        body,
        encryptionKey: connectionsEncryptionKey(),
      },
      appContext(),
    );
    return jsonResponse(
      { number: pushed.number, version: pushed.version, changed: pushed.changed },
      {
        status: pushed.status,
        headers: { "x-request-id": requestId, "Cache-Control": "no-store" },
      },
    );
  } catch (error) {
    if (isAppError(error)) {
      return problemResponse({
        code: error.code,
        requestId,
        detail: error.message,
        errors: error.errors,
      });
    }
    if (isTransientDatabaseError(error)) {
      log.warn({ err: error }, "orders API: database unavailable");
      return problemResponse(
        { code: "SERVICE_UNAVAILABLE", requestId, detail: "Try again in a few seconds." },
        { "Retry-After": "5" },
      );
    }
    log.error({ err: error }, "orders API push failed");
    return problemResponse({ code: "INTERNAL", requestId });
  }
}
