import "server-only";
import type { NextRequest } from "next/server";
import type { Logger } from "pino";
import type { z } from "zod";
import { getStaffSessionForRequest, hasPermission, type StaffSession } from "@/lib/auth/session";
import type { Permission } from "@/lib/domain/authz";
import { isDomainError } from "@/lib/domain/errors";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import { isTransientDatabaseError } from "@/lib/server/prisma-errors";
import { problemResponse } from "./problem";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "./read-json-body";
import { resolveRequestId } from "./request-id";
import { isCrossOriginMutation } from "./same-origin";
import { jsonResponse } from "./small-body";
import { strictTransportSecurity } from "./strict-transport-security";
import { findUnstorableInput } from "./text-schema";
import { fieldErrors, validationFailed } from "./validation-errors";

export type Access = Permission | "public";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteOptions<A extends Access, P extends Schema, B extends Schema, Q extends Schema> = {
  /** Who may call it: a permission from the role table, or "public" for anyone. */
  permission: A;
  params?: P;
  body?: B;
  query?: Q;
  /** Defaults to 64 KiB. */
  maxBodyBytes?: number;
  /** Refuse cross-site POST/PUT/PATCH/DELETE (CSRF). On unless a route must accept them. */
  sameOrigin?: boolean;
};

export type RouteContext<A extends Access, P extends Schema, B extends Schema, Q extends Schema> = {
  req: NextRequest;
  params: Parsed<P>;
  body: Parsed<B>;
  query: Parsed<Q>;
  session: A extends "public" ? StaffSession | null : StaffSession;
  requestId: string;
  log: Logger;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A plain value is sent as JSON with status 200, `undefined` as 204, a Response as it is. */
export type RouteResult = Response | object | string | number | boolean | null | undefined;

// Repeated keys (?status=a&status=b) become arrays so a schema can accept either form.
function queryObject(url: URL): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    result[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return result;
}

function toResponse(result: RouteResult): Response {
  if (result instanceof Response) return result;
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

async function authorize(access: Access, req: NextRequest): Promise<StaffSession | null> {
  const session = await getStaffSessionForRequest(req);
  if (access === "public") return session;
  if (!session) {
    throw new AppError(
      "UNAUTHENTICATED",
      req.cookies.size > 0
        ? "Your session has ended or your account is no longer active. Sign in again."
        : "Sign in to use this endpoint.",
    );
  }
  if (!hasPermission(session, access)) {
    throw new AppError("FORBIDDEN", `Your role (${session.user.role}) does not allow ${access}.`);
  }
  return session;
}

// Input Postgres cannot store (NUL, lone surrogates) or absurdly nested is refused before any
// schema or service sees it, so nothing is half-written and no database error surfaces as a 500.
function assertStorable(value: unknown, prefix: "body" | "query"): void {
  const errors = findUnstorableInput(value, prefix);
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", `The request ${prefix} is invalid.`, { errors });
  }
}

async function parseParams(schema: z.ZodType, ctx: NextRouteContext): Promise<unknown> {
  const raw = await ctx.params;
  const unstorable = findUnstorableInput(raw, "params");
  const result = schema.safeParse(raw);
  // A malformed id names nothing, so it is answered like an unknown one.
  if (unstorable.length > 0) {
    throw new AppError("NOT_FOUND", "No such resource.", { errors: unstorable });
  }
  if (!result.success) {
    throw new AppError("NOT_FOUND", "No such resource.", {
      errors: fieldErrors(result.error, "params"),
    });
  }
  return result.data;
}

/**
 * The one wrapper for route handlers: request id, CSRF check, authentication against the live
 * user row, permission check, zod parsing of params/query/body, and error → problem+json.
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
    const startedAt = performance.now();
    const requestId = resolveRequestId(req.headers);
    const log = getLogger().child({ requestId });
    let response: Response;
    let publicUrl: string | null = null;

    try {
      publicUrl = getServerEnv().NEXTAUTH_URL;
      const appOrigin = new URL(publicUrl).origin;
      if (
        options.sameOrigin !== false &&
        isCrossOriginMutation(req.method, req.headers, appOrigin)
      ) {
        throw new AppError(
          "CROSS_ORIGIN_REJECTED",
          "This request must come from the Countersign app itself.",
        );
      }

      const session = await authorize(options.permission, req);
      const params = options.params ? await parseParams(options.params, ctx) : undefined;

      let query: unknown;
      if (options.query) {
        const raw = queryObject(req.nextUrl);
        assertStorable(raw, "query");
        const result = options.query.safeParse(raw);
        if (!result.success) throw validationFailed(result.error, "query");
        query = result.data;
      }

      let body: unknown;
      if (options.body) {
        const raw = await readJsonBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
        assertStorable(raw, "body");
        const result = options.body.safeParse(raw);
        if (!result.success) throw validationFailed(result.error, "body");
        body = result.data;
      }

      const result = await handler({
        req,
        params,
        body,
        query,
        session,
        requestId,
        log,
      } as RouteContext<A, P, B, Q>);
      response = toResponse(result);
    } catch (error) {
      if (isAppError(error)) {
        response = problemResponse({
          code: error.code,
          requestId,
          detail: error.message,
          errors: error.errors,
          extensions: error.extensions,
        });
      } else if (isDomainError(error)) {
        // The domain rejects impossible input (bad cents, malformed facts) with a readable reason.
        response = problemResponse({ code: "VALIDATION_FAILED", requestId, detail: error.message });
      } else if (isTransientDatabaseError(error)) {
        // Postgres restarting or unreachable (after the services' own retries): not a bug, and
        // the caller can do something about it, so it is not hidden behind a 500.
        log.warn(
          { err: error, method: req.method, path: req.nextUrl.pathname },
          "database unavailable",
        );
        response = problemResponse(
          {
            code: "SERVICE_UNAVAILABLE",
            requestId,
            detail: "The database is unavailable for a moment. Try again in a few seconds.",
          },
          { "Retry-After": "5" },
        );
      } else {
        // Unknown errors may carry internals (SQL, stack traces): log them, tell the caller nothing.
        log.error(
          { err: error, method: req.method, path: req.nextUrl.pathname },
          "unhandled route error",
        );
        response = problemResponse({
          code: "INTERNAL",
          requestId,
          detail: "Something went wrong on our side. Quote the request id if you contact support.",
        });
      }
    }

    log.info(
      {
        method: req.method,
        path: req.nextUrl.pathname,
        status: response.status,
        durationMs: Math.round(performance.now() - startedAt),
      },
      "request",
    );
    return withHeaders(response, requestId, publicUrl);
  };
}
