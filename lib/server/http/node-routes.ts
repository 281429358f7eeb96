import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getLogger } from "@/lib/server/logger";
import { defineNodeRoute, type NodeRoute } from "./node-route";
import { buildProblem } from "./problem";
import { resolveRequestId } from "./request-id";
import { approvalDecisionRoute } from "./routes/approval-decision";

/*
 * The endpoints next-server.mjs answers itself, before Next: those a burst of staff clicks lands
 * on, where Next's per-request work (Request/Response conversion, routing) cost more CPU than the
 * decision (docs/decisions/0003-node-routes-before-next.md). Each also exists as a route handler
 * under app/api with the same definition, so `next dev`, or a request that arrives before this
 * table is registered, gets the same answer from Next.
 */
type NodeRouteEntry = { method: string; path: RegExp; params: string[]; route: NodeRoute };

const nodeRoutes: NodeRouteEntry[] = [
  {
    method: "POST",
    path: /^\/api\/approvals\/([^/]+)\/decision$/,
    params: ["actionId"],
    route: defineNodeRoute(approvalDecisionRoute.options, approvalDecisionRoute.handler),
  },
];

/** The slot next-server.mjs looks in; a Symbol.for key, so both sides name it without imports. */
const ANSWER_BEFORE_NEXT = Symbol.for("countersign.answerBeforeNext");

type Registry = { [ANSWER_BEFORE_NEXT]?: typeof answerBeforeNext };

function matchRoute(
  req: IncomingMessage,
): { route: NodeRoute; params: Record<string, string> } | null {
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  for (const entry of nodeRoutes) {
    if (entry.method !== req.method) continue;
    const match = entry.path.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    try {
      entry.params.forEach((name, index) => {
        params[name] = decodeURIComponent(match[index + 1] ?? "");
      });
    } catch {
      // Malformed percent-encoding: Next answers it as it answers any such path.
      return null;
    }
    return { route: entry.route, params };
  }
  return null;
}

/** Answers the request and returns true if it is one of the routes above; false leaves it to Next. */
export function answerBeforeNext(req: IncomingMessage, res: ServerResponse): boolean {
  const matched = matchRoute(req);
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
