import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getLogger } from "@/lib/server/logger";
import { writeNodeEventStream } from "@/lib/server/realtime/node-event-stream";
import { widgetEventStreamInput } from "@/lib/server/services/widget/widget-event-stream-input";
import { defineNodeRoute, type NodeRoute, NodeStreamedResponse } from "./node-route";
import { buildProblem } from "./problem";
import { resolveRequestId } from "./request-id";
import { approvalDecisionRoute } from "./routes/approval-decision";
import { staffEventsRoute } from "./routes/staff-events";
import { widgetConversationRoute } from "./routes/widget-conversation";
import { widgetEventsRoute } from "./routes/widget-events";
import { widgetMessagesRoute } from "./routes/widget-messages";
import { isWellFormedPath } from "./well-formed-path";

/*
 * The endpoints next-server.mjs answers itself, before Next: those a burst lands on, where Next's
 * per-request work (Request/Response conversion, routing) cost more CPU than the work itself —
 * a burst of staff clicks on one decision, a burst of customers writing and reloading their
 * conversation on every stream frame — and the event streams, where Next's web-stream pipe per
 * open stream cost more CPU per event than the fan-out
 * (docs/decisions/0003-node-routes-before-next.md). Each also exists as a route handler under
 * app/api with the same definition, so `next dev`, or a request that arrives before this table
 * is registered, gets the same answer from Next.
 */
type NodeRouteEntry = { method: string; path: RegExp; params: string[]; route: NodeRoute };

const nodeRoutes: NodeRouteEntry[] = [
  {
    method: "POST",
    path: /^\/api\/approvals\/([^/]+)\/decision$/,
    params: ["actionId"],
    route: defineNodeRoute(approvalDecisionRoute.options, approvalDecisionRoute.handler),
  },
  {
    method: "GET",
    path: /^\/api\/events$/,
    params: [],
    route: defineNodeRoute(
      staffEventsRoute.options,
      (context) =>
        new NodeStreamedResponse((res, headers) =>
          writeNodeEventStream(staffEventsRoute.streamRequest(context), res, headers),
        ),
    ),
  },
  {
    method: "GET",
    path: /^\/api\/widget\/conversation$/,
    params: [],
    route: defineNodeRoute(widgetConversationRoute.options, widgetConversationRoute.handler),
  },
  {
    method: "POST",
    path: /^\/api\/widget\/messages$/,
    params: [],
    route: defineNodeRoute(widgetMessagesRoute.options, widgetMessagesRoute.handler),
  },
  {
    method: "GET",
    path: /^\/api\/widget\/events$/,
    params: [],
    route: defineNodeRoute(widgetEventsRoute.options, async (context) => {
      const { session, lastEventId } = await widgetEventsRoute.streamRequest(context);
      return new NodeStreamedResponse((res, headers) =>
        writeNodeEventStream(widgetEventStreamInput(session, lastEventId), res, headers),
      );
    }),
  },
];

/** The slot next-server.mjs looks in; a Symbol.for key, so both sides name it without imports. */
const ANSWER_BEFORE_NEXT = Symbol.for("countersign.answerBeforeNext");

type Registry = { [ANSWER_BEFORE_NEXT]?: typeof answerBeforeNext };

function pathOf(req: IncomingMessage): string {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  return queryAt === -1 ? target : target.slice(0, queryAt);
}

function matchRoute(
  req: IncomingMessage,
  pathname: string,
): { route: NodeRoute; params: Record<string, string> } | null {
  for (const entry of nodeRoutes) {
    if (entry.method !== req.method) continue;
    const match = entry.path.exec(pathname);
    if (!match) continue;
    // The path is well formed (answerBeforeNext checked), so every param decodes.
    const params: Record<string, string> = {};
    entry.params.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? "");
    });
    return { route: entry.route, params };
  }
  return null;
}

/*
 * A path whose percent-escapes are not UTF-8 is answered here, for every path: Next's router
 * would throw decoding it into params and answer a bare, unlogged 500.
 */
function answerMalformedPath(req: IncomingMessage, res: ServerResponse): void {
  const requestId = resolveRequestId({ get: (name) => headerValue(req, name) });
  getLogger().warn(
    { requestId, method: req.method, path: req.url },
    "malformed request path refused",
  );
  const body = JSON.stringify(
    buildProblem({
      code: "MALFORMED_PATH",
      requestId,
      detail: "The request path has a percent-escape that is not valid UTF-8.",
    }),
  );
  res.writeHead(400, {
    "Content-Type": "application/problem+json",
    "Cache-Control": "no-store",
    "x-request-id": requestId,
  });
  res.end(body);
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Answers the request and returns true if it is one of the routes above or has a malformed path;
 * false leaves it to Next.
 */
export function answerBeforeNext(req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = pathOf(req);
  if (!isWellFormedPath(pathname)) {
    answerMalformedPath(req, res);
    return true;
  }
  const matched = matchRoute(req, pathname);
  if (!matched) return false;
  matched.route(req, res, matched.params).catch((error: unknown) => {
    // The pipeline answers every error itself; this is a failure to write the answer.
    getLogger().error({ err: error, method: req.method, path: req.url }, "node route failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const requestId = resolveRequestId({ get: () => null });
    const body = JSON.stringify(buildProblem({ code: "INTERNAL", requestId }));
    res.writeHead(500, { "Content-Type": "application/problem+json", "x-request-id": requestId });
    res.end(body);
  });
  return true;
}

/** Called at start-up (instrumentation.ts) in the process that serves requests. */
export function registerNodeRoutes(): void {
  (globalThis as Registry)[ANSWER_BEFORE_NEXT] = answerBeforeNext;
}
