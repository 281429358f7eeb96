import "server-only";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { parseCookie } from "cookie";
import { baseSecurityHeaders } from "./base-security-headers";
import { JsonWithStatus } from "./json-with-status";
import { buildProblem } from "./problem";
import { readNodeJsonBody } from "./read-json-body";
import {
  type Access,
  type PipelineContext,
  queryObject,
  type RouteOptions,
  runRoutePipeline,
  type Schema,
} from "./route-pipeline";
import type { HeaderReader } from "./same-origin";
import { strictTransportSecurity } from "./strict-transport-security";

/** A response the route writes itself and may keep open (an event stream). */
export class NodeStreamedResponse {
  constructor(
    /** Writes status, `headers` (the pipeline's: security headers, request id) and the body. */
    readonly writeTo: (res: ServerResponse, headers: Record<string, string>) => void,
  ) {}
}

/**
 * A JSON value is sent with status 200, `undefined` as 204, a JsonWithStatus with its status, a
 * NodeStreamedResponse by itself.
 */
export type NodeRouteResult =
  | NodeStreamedResponse
  | JsonWithStatus
  | object
  | string
  | number
  | boolean
  | null
  | undefined;

/** Answers one request that next-server.mjs matched to this route, with its path's params. */
export type NodeRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
) => Promise<void>;

function headerReader(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/**
 * defineRoute for Node's own request and response: the same pipeline (route-pipeline.ts), the
 * same problem bodies and headers, without Next's Request/Response conversion and routing, which
 * cost more CPU per small request than the work itself
 * (docs/decisions/0003-node-routes-before-next.md).
 */
export function defineNodeRoute<
  A extends Access,
  P extends Schema = undefined,
  B extends Schema = undefined,
  Q extends Schema = undefined,
>(
  options: RouteOptions<A, P, B, Q>,
  handler: (context: PipelineContext<A, P, B, Q>) => NodeRouteResult | Promise<NodeRouteResult>,
): NodeRoute {
  return async (req, res, params) => {
    const target = req.url ?? "/";
    const queryAt = target.indexOf("?");
    const cookieHeader = req.headers.cookie;
    const cookies = cookieHeader ? parseCookie(cookieHeader) : {};
    const outcome = await runRoutePipeline(
      options,
      {
        method: req.method ?? "GET",
        pathname: queryAt === -1 ? target : target.slice(0, queryAt),
        headers: headerReader(req.headers),
        sessionCarrier: Object.assign(req, { cookies }),
        hasCookies: Object.keys(cookies).length > 0,
        params: async () => params,
        query: () =>
          queryObject(new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1))),
        readJsonBody: (maxBytes) => readNodeJsonBody(req, maxBytes),
      },
      handler,
    );

    const headers: Record<string, string> = {
      ...baseSecurityHeaders,
      "x-request-id": outcome.requestId,
    };
    const hsts = outcome.publicUrl ? strictTransportSecurity(outcome.publicUrl) : null;
    if (hsts) headers["Strict-Transport-Security"] = hsts;
    if (outcome.ok && outcome.value instanceof NodeStreamedResponse) {
      outcome.value.writeTo(res, headers);
      outcome.logRequest(res.statusCode);
      return;
    }
    let status = 204;
    let body: string | null = null;
    if (!outcome.ok) {
      const problem = buildProblem(outcome.problem);
      Object.assign(headers, outcome.problemHeaders, {
        "Content-Type": "application/problem+json",
        "Cache-Control": "no-store",
      });
      status = problem.status;
      body = JSON.stringify(problem);
    } else if (outcome.value instanceof JsonWithStatus) {
      headers["Content-Type"] = "application/json";
      status = outcome.value.status;
      body = JSON.stringify(outcome.value.body);
    } else if (outcome.value !== undefined) {
      headers["Content-Type"] = "application/json";
      status = 200;
      body = JSON.stringify(outcome.value);
    }
    if (body !== null) headers["Content-Length"] = String(Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end(body ?? undefined);
    outcome.logRequest(status);
  };
}
