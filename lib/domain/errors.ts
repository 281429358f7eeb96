/**
 * Errors thrown by the domain when a caller breaks a precondition (bad money, malformed facts).
 * Business outcomes such as a denied refund or an illegal transition are returned as values,
 * never thrown, so callers must handle them.
 */
export type DomainErrorCode =
  | "INVALID_CENTS"
  | "INVALID_RATE"
  | "INVALID_CURRENCY"
  | "INVALID_ORDER_FACTS"
  | "INVALID_QUOTE"
  | "INVALID_PENDING_ACTION"
  | "INVALID_SETTINGS";

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: unknown;

  constructor(code: DomainErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
