import type { ProblemBody } from "@/lib/client/send-json";

export type KeysFieldErrors = Partial<Record<"secretKey" | "webhookSecret", string>>;

/** The route's field messages (paths `body.secretKey`, `body.webhookSecret`) by field. */
export function keysFieldErrors(problem: ProblemBody): KeysFieldErrors {
  const errors: KeysFieldErrors = {};
  for (const error of problem.errors ?? []) {
    const field = error.path.replace(/^body\./, "");
    if (field === "secretKey" || field === "webhookSecret") errors[field] = error.message;
  }
  return errors;
}
