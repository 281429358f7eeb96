import type { ProblemBody } from "@/lib/client/send-json";

const KEY_FIELDS = ["shopDomain", "secretKey", "webhookSecret"] as const;
export type KeyField = (typeof KEY_FIELDS)[number];
export type KeysFieldErrors = Partial<Record<KeyField, string>>;

/** The route's field messages (paths such as `body.secretKey`) by field. */
export function keysFieldErrors(problem: ProblemBody): KeysFieldErrors {
  const errors: KeysFieldErrors = {};
  for (const error of problem.errors ?? []) {
    const field = error.path.replace(/^body\./, "");
    if ((KEY_FIELDS as readonly string[]).includes(field))
      errors[field as KeyField] = error.message;
  }
  return errors;
}
