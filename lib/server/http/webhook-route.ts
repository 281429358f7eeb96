import "server-only";
import { z } from "zod";
import { isAppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { newId } from "@/lib/ids";
import { problemResponse } from "@/lib/server/http/problem";
import { readRawBody } from "@/lib/server/http/signed-webhook";
import { getLogger } from "@/lib/server/logger";
import { appContext } from "@/lib/server/process/app-context";
import type { UseCaseContext } from "@/lib/server/use-case-context";

// Connection ids are cuids: anything else (a NUL byte, a path of slashes) is not one, and is
// refused before it reaches the database.
const paramsSchema = z.object({ connectionId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/*
 * A provider's webhook for one connection (a payment provider's refund events, a store's order
 * events), not a staff request: the provider's signature over the raw body is the authentication,
 * checked by the connection's adapter inside `receive`. Any answer but 2xx makes the provider
 * deliver the event again later (Stripe for up to three days, Shopify 8 times over 4 hours), which
 * is what a database outage, an unreachable store or a refund not recorded yet needs.
 */
export function connectionWebhookRoute(options: {
  /** For the logs, e.g. "payment webhook". */
  label: string;
  maxBodyBytes: number;
  receive: (
    input: { connectionId: string; rawBody: string; headers: Headers },
    context: UseCaseContext,
  ) => Promise<unknown>;
}) {
  return async function handleConnectionWebhook(
    req: Request,
    { params }: { params: Promise<Record<string, string>> },
  ): Promise<Response> {
    const requestId = newId("req");
    const log = getLogger().child({ requestId });
    try {
      const parsed = paramsSchema.safeParse(await params);
      if (!parsed.success) return problemResponse({ code: "MALFORMED_PATH", requestId });
      const rawBody = (await readRawBody(req, options.maxBodyBytes)).toString("utf8");
      const received = await options.receive(
        { connectionId: parsed.data.connectionId, rawBody, headers: req.headers },
        appContext(),
      );
      return Response.json(received, { status: 200, headers: { "x-request-id": requestId } });
    } catch (error) {
      if (isAppError(error)) {
        return problemResponse({ code: error.code, requestId, detail: error.message });
      }
      if (isTransientDatabaseError(error)) {
        log.warn({ err: error }, `${options.label}: database unavailable`);
        return problemResponse(
          { code: "SERVICE_UNAVAILABLE", requestId, detail: "Try again in a few seconds." },
          { "Retry-After": "5" },
        );
      }
      log.error({ err: error }, `${options.label} failed`);
      return problemResponse({ code: "INTERNAL", requestId });
    }
  };
}
