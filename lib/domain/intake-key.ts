import { z } from "zod";
import { canonicalJson, sha256Hex } from "./canonical-hash";

/*
 * An intake (a story start, a new email, a widget message) carries a key its client chose, so a
 * retry of the same request lands on what the first one created. The key alone does not make a
 * request the same one: the request's own content is fingerprinted, and a key reused for other
 * content is refused rather than answered with the first request's result.
 */

/** The Idempotency-Key header: 1–255 visible ASCII characters (a UUID, a ULID, any token). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "must be 1–255 visible ASCII characters (for example a UUID)");

/** The same request content always has the same fingerprint, whatever its keys' order. */
export function intakeFingerprint(request: Record<string, unknown>): string {
  return sha256Hex(canonicalJson(request));
}

export type IntakeRepeat<R> = { kind: "replay"; result: R } | { kind: "key_reused" };

/** A key seen before: the stored result when the content is the same, a refusal otherwise. */
export function judgeIntakeRepeat<R>(
  stored: { fingerprint: string; result: R },
  fingerprint: string,
): IntakeRepeat<R> {
  return stored.fingerprint === fingerprint
    ? { kind: "replay", result: stored.result }
    : { kind: "key_reused" };
}
