import "server-only";
import { idempotencyKeySchema } from "@/lib/domain/intake-key";
import { AppError } from "@/lib/errors/app-error";
import type { HeaderReader } from "./same-origin";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** The request's Idempotency-Key, or null when it sent none; a malformed one is refused (422). */
export function idempotencyKeyOf(headers: HeaderReader): string | null {
  const raw = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (raw === null) return null;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "is malformed";
  throw new AppError("VALIDATION_FAILED", `The ${IDEMPOTENCY_KEY_HEADER} header ${message}.`, {
    errors: [{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message }],
  });
}
