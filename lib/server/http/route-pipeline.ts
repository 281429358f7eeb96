import "server-only";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Permission } from "@/lib/domain/authz";
import { isDomainError } from "@/lib/domain/errors";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import {
  getStaffSessionForRequest,
  hasPermission,
  type SessionCarrier,
  type StaffSession,
} from "@/lib/server/auth/session";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import { appContext } from "@/lib/server/process/app-context";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { ProblemInput } from "./problem";
import { DEFAULT_MAX_BODY_BYTES } from "./read-json-body";
import { resolveRequestId } from "./request-id";
import { type HeaderReader, isCrossOriginMutation } from "./same-origin";
import { findUnstorableInput } from "./text-schema";
import { fieldErrors, validationFailed } from "./validation-errors";

/*
 * The steps every API request goes through, whichever server carried it: request id, CSRF check,
 * authentication against the live user row, permission check, zod parsing of params/query/body,
 * the handler, and error → problem. route.ts adapts it to Next's route handlers (Request in,
 * Response out), node-route.ts to Node's own request and response for the few endpoints
 * next-server.mjs answers before Next.
 */

export type Access = Permission | "public";

export type Schema = z.ZodType | undefined;
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

/** What a handler is given, whichever server carried the request. */
export type PipelineContext<
  A extends Access,
  P extends Schema,
  B extends Schema,
  Q extends Schema,
> = {
  params: Parsed<P>;
  body: Parsed<B>;
  query: Parsed<Q>;
  session: A extends "public" ? StaffSession | null : StaffSession;
  /** The request's headers, for what a route reads beyond its schemas (Last-Event-ID). */
  headers: HeaderReader;
  requestId: string;
  log: Logger;
  /** What the use case the route calls needs: the process's context (use-case-context.ts). */
  context: UseCaseContext;
};

/** One request as its server presents it to the pipeline. */
export type PipelineRequest = {
  method: string;
  pathname: string;
  headers: HeaderReader;
  /** The request as next-auth reads a session cookie from it. */
  sessionCarrier: SessionCarrier;
  hasCookies: boolean;
  params(): Promise<Record<string, unknown>>;
  query(): Record<string, string | string[]>;
  readJsonBody(maxBytes: number): Promise<unknown>;
};

export type PipelineOutcome<T> = {
  requestId: string;
  /** The public URL the app is served at, once the environment was read. */
  publicUrl: string | null;
  /** Logs the request line once the status is known. */
  logRequest(status: number): void;
} & (
  | { ok: true; value: T }
  | { ok: false; problem: ProblemInput; problemHeaders?: Record<string, string> }
);

// Repeated keys (?status=a&status=b) become arrays so a schema can accept either form.
export function queryObject(searchParams: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    result[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return result;
}

async function authorize(access: Access, request: PipelineRequest): Promise<StaffSession | null> {
  const session = await getStaffSessionForRequest(request.sessionCarrier);
  if (access === "public") return session;
  if (!session) {
    throw new AppError(
      "UNAUTHENTICATED",
      request.hasCookies
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

function parseParams(schema: z.ZodType, raw: Record<string, unknown>): unknown {
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

function parseQuery(schema: z.ZodType, raw: Record<string, string | string[]>): unknown {
  assertStorable(raw, "query");
  const result = schema.safeParse(raw);
  if (!result.success) throw validationFailed(result.error, "query");
  return result.data;
}

function parseBody(schema: z.ZodType, raw: unknown): unknown {
  assertStorable(raw, "body");
  const result = schema.safeParse(raw);
  if (!result.success) throw validationFailed(result.error, "body");
  return result.data;
}

function problemFor(
  error: unknown,
  requestId: string,
  log: Logger,
  request: PipelineRequest,
): { problem: ProblemInput; problemHeaders?: Record<string, string> } {
  if (isAppError(error)) {
    // A refusal that says how long to wait says it in the standard header too.
    const retryAfter = error.extensions?.retryAfterSeconds;
    return {
      problem: {
        code: error.code,
        requestId,
        detail: error.message,
        errors: error.errors,
        extensions: error.extensions,
      },
      ...(typeof retryAfter === "number" && {
        problemHeaders: { "Retry-After": String(retryAfter) },
      }),
    };
  }
  if (isDomainError(error)) {
    // The domain rejects impossible input (bad cents, malformed facts) with a readable reason.
    return { problem: { code: "VALIDATION_FAILED", requestId, detail: error.message } };
  }
  const where = { method: request.method, path: request.pathname };
  if (isTransientDatabaseError(error)) {
    // Postgres restarting or unreachable (after the services' own retries): not a bug, and the
    // caller can do something about it, so it is not hidden behind a 500.
    log.warn({ err: error, ...where }, "database unavailable");
    return {
      problem: {
        code: "SERVICE_UNAVAILABLE",
        requestId,
        detail: "The database is unavailable for a moment. Try again in a few seconds.",
      },
      problemHeaders: { "Retry-After": "5" },
    };
  }
  // Unknown errors may carry internals (SQL, stack traces): log them, tell the caller nothing.
  log.error({ err: error, ...where }, "unhandled route error");
  return {
    problem: {
      code: "INTERNAL",
      requestId,
      detail: "Something went wrong on our side. Quote the request id if you contact support.",
    },
  };
}

/** Runs one request through the steps above; the adapter turns the outcome into a response. */
export async function runRoutePipeline<
  A extends Access,
  P extends Schema,
  B extends Schema,
  Q extends Schema,
  T,
>(
  options: RouteOptions<A, P, B, Q>,
  request: PipelineRequest,
  handler: (context: PipelineContext<A, P, B, Q>) => T | Promise<T>,
): Promise<PipelineOutcome<T>> {
  const startedAt = performance.now();
  const requestId = resolveRequestId(request.headers);
  const log = getLogger().child({ requestId });
  let publicUrl: string | null = null;
  // A successful request is routine (it was most of the server log); a refused one is worth a line.
  const logRequest = (status: number) =>
    log[status < 400 ? "debug" : "info"](
      {
        method: request.method,
        path: request.pathname,
        status,
        durationMs: Math.round(performance.now() - startedAt),
      },
      "request",
    );

  try {
    publicUrl = getServerEnv().NEXTAUTH_URL;
    if (
      options.sameOrigin !== false &&
      isCrossOriginMutation(request.method, request.headers, appOrigin(publicUrl))
    ) {
      throw new AppError(
        "CROSS_ORIGIN_REJECTED",
        "This request must come from the Countersign app itself.",
      );
    }
    const session = await authorize(options.permission, request);
    const params = options.params ? parseParams(options.params, await request.params()) : undefined;
    const query = options.query ? parseQuery(options.query, request.query()) : undefined;
    const body = options.body
      ? parseBody(
          options.body,
          await request.readJsonBody(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
        )
      : undefined;
    const value = await handler({
      params,
      body,
      query,
      session,
      headers: request.headers,
      requestId,
      log,
      context: appContext(),
    } as PipelineContext<A, P, B, Q>);
    return { ok: true, value, requestId, publicUrl, logRequest };
  } catch (error) {
    return {
      ok: false,
      ...problemFor(error, requestId, log, request),
      requestId,
      publicUrl,
      logRequest,
    };
  }
}

const origins = new Map<string, string>();

// Parsed once per public URL rather than once per request.
function appOrigin(publicUrl: string): string {
  let origin = origins.get(publicUrl);
  if (origin === undefined) {
    origin = new URL(publicUrl).origin;
    origins.set(publicUrl, origin);
  }
  return origin;
}
