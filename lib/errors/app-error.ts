/**
 * Typed application errors. Services throw `AppError` with a code; the route wrapper turns the
 * code into an HTTP status through the one table below, so status codes are decided in one place.
 */
export const errorStatus = {
  INVALID_JSON: 400,
  MALFORMED_PATH: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_DECIDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

/** Short, stable, human titles; `detail` carries the specifics of one occurrence. */
export const errorTitle: Record<ErrorCode, string> = {
  INVALID_JSON: "Malformed JSON body",
  MALFORMED_PATH: "Malformed request path",
  UNAUTHENTICATED: "Sign-in required",
  FORBIDDEN: "Not allowed",
  CROSS_ORIGIN_REJECTED: "Cross-origin request rejected",
  NOT_FOUND: "Not found",
  CONFLICT: "Conflict",
  ALREADY_DECIDED: "Already decided",
  PAYLOAD_TOO_LARGE: "Request body too large",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported media type",
  VALIDATION_FAILED: "Validation failed",
  RATE_LIMITED: "Too many requests",
  INTERNAL: "Internal server error",
  SERVICE_UNAVAILABLE: "Service unavailable",
};

export type FieldError = { path: string; message: string };

export type AppErrorOptions = {
  /** Field-level problems, for VALIDATION_FAILED. */
  errors?: FieldError[];
  /** Extra members safe to show the caller (e.g. who decided first on ALREADY_DECIDED). */
  extensions?: Record<string, unknown>;
  cause?: unknown;
};

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly extensions?: Record<string, unknown>;

  constructor(code: ErrorCode, detail?: string, options: AppErrorOptions = {}) {
    super(detail ?? errorTitle[code], { cause: options.cause });
    this.code = code;
    this.errors = options.errors;
    this.extensions = options.extensions;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
