import { type ErrorCode, errorStatus, errorTitle, type FieldError } from "@/lib/errors/app-error";
import { sendSmallBodyUncompressed } from "./small-body";

/** RFC 9457 problem details, plus a stable `code` and the `requestId` to quote in support. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  requestId: string;
  errors?: FieldError[];
  [extension: string]: unknown;
};

export type ProblemInput = {
  code: ErrorCode;
  requestId: string;
  detail?: string;
  errors?: FieldError[];
  extensions?: Record<string, unknown>;
};

// A URN, not a URL: the type identifies the problem kind without promising a page to fetch.
export function problemType(code: ErrorCode): string {
  return `urn:countersign:problem:${code.toLowerCase().replaceAll("_", "-")}`;
}

export function buildProblem({
  code,
  requestId,
  detail,
  errors,
  extensions,
}: ProblemInput): Problem {
  return {
    // Extensions go first so they can never overwrite the standard members.
    ...extensions,
    type: problemType(code),
    title: errorTitle[code],
    status: errorStatus[code],
    detail: detail ?? errorTitle[code],
    code,
    requestId,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

export function problemResponse(input: ProblemInput, headers?: HeadersInit): Response {
  const problem = buildProblem(input);
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Content-Type", "application/problem+json");
  responseHeaders.set("Cache-Control", "no-store");
  responseHeaders.set("x-request-id", input.requestId);
  const body = JSON.stringify(problem);
  sendSmallBodyUncompressed(responseHeaders, body);
  return new Response(body, {
    status: problem.status,
    headers: responseHeaders,
  });
}
