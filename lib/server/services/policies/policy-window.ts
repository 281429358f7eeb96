import "server-only";
import { AppError } from "@/lib/errors/app-error";

/**
 * When a new version is in force: from now unless a later start is chosen, and until a chosen end
 * or for good. A start in the past is refused: quotes already made under the earlier version keep
 * it, but a version must not claim to have applied to requests it never saw.
 */
export function policyWindow(
  input: { effectiveFrom?: Date | undefined; effectiveUntil?: Date | undefined },
  now: Date,
): { effectiveFrom: Date; effectiveUntil: Date | null } {
  const effectiveFrom = input.effectiveFrom ?? now;
  const errors = [];
  if (effectiveFrom < now) {
    errors.push({
      path: "effectiveFrom",
      message: "The start is in the past; choose now or later.",
    });
  }
  if (input.effectiveUntil && input.effectiveUntil <= effectiveFrom) {
    errors.push({ path: "effectiveUntil", message: "The end must come after the start." });
  }
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", "The dates do not make a window.", { errors });
  }
  return { effectiveFrom, effectiveUntil: input.effectiveUntil ?? null };
}
