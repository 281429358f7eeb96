import "server-only";
import type { NextRequest } from "next/server";
import { JsonWithStatus } from "./json-with-status";
import { problemResponse } from "./problem";
import { readJsonBody } from "./read-json-body";
import {
  type Access,
  type PipelineContext,
  queryObject,
  type RouteOptions,
  runRoutePipeline,
  type Schema,
} from "./route-pipeline";
import { jsonResponse } from "./small-body";
import { strictTransportSecurity } from "./strict-transport-security";

export type { Access, RouteOptions } from "./route-pipeline";

export type RouteContext<
  A extends Access,
  P extends Schema,
  B extends Schema,
  Q extends Schema,
> = PipelineContext<A, P, B, Q> & { req: NextRequest };

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A plain value is sent as JSON with status 200, `undefined` as 204, a Response as it is. */
export type RouteResult = Response | object | string | number | boolean | null | undefined;

function toResponse(result: RouteResult): Response {
  if (result instanceof Response) return result;
  if (result instanceof JsonWithStatus) return jsonResponse(result.body, { status: result.status });
  if (result === undefined) return new Response(null, { status: 204 });
  return jsonResponse(result);
}

// Copies the response so headers can be set even on immutable ones (e.g. Response.redirect).
function withHeaders(response: Response, requestId: string, publicUrl: string | null): Response {
  const headers = new Headers(response.headers);
  headers.set("x-request-id", requestId);
  const hsts = publicUrl ? strictTransportSecurity(publicUrl) : null;
  if (hsts) headers.set("Strict-Transport-Security", hsts);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * The one wrapper for route handlers: request id, CSRF check, authentication against the live
 * user row, permission check, zod parsing of params/query/body, and error → problem+json
 * (route-pipeline.ts).
 *
 * export const POST = defineRoute(
 *   { permission: "approvals.decide", params: z.object({ actionId: z.string() }), body: decisionSchema },
 *   ({ params, body, session }) => decideApproval({ ...params, ...body, deciderId: session.user.id }),
 * );
 */
export function defineRoute<
  A extends Access,
  P extends Schema = undefined,
  B extends Schema = undefined,
  Q extends Schema = undefined,
>(
  options: RouteOptions<A, P, B, Q>,
  handler: (context: RouteContext<A, P, B, Q>) => RouteResult | Promise<RouteResult>,
): (req: NextRequest, ctx: NextRouteContext) => Promise<Response> {
  return async (req, ctx) => {
    const outcome = await runRoutePipeline(
      options,
      {
        method: req.method,
        pathname: req.nextUrl.pathname,
        headers: req.headers,
        sessionCarrier: req,
        hasCookies: req.cookies.size > 0,
        params: () => ctx.params,
        query: () => queryObject(req.nextUrl.searchParams),
        readJsonBody: (maxBytes) => readJsonBody(req, maxBytes),
      },
      (context) => handler({ ...context, req }),
    );
    const response = outcome.ok
      ? toResponse(outcome.value)
      : problemResponse(outcome.problem, outcome.problemHeaders);
    outcome.logRequest(response.status);
    return withHeaders(response, outcome.requestId, outcome.publicUrl);
  };
}
