import { describeProblem, type ProblemBody } from "./send-json";

/** Why a staff-typed email was too long; `overBytes` when it is known before sending. */
export function tooLongEmailMessage(overBytes: number | null): string {
  const by = overBytes === null ? "" : ` by about ${overBytes} bytes`;
  return `This email is too long to send${by}. Emoji and some symbols take up to 4 bytes each; shorten the message and try again.`;
}

/** The server's refusal of a new email: too large, its field errors, or its problem's words. */
export function describeNewEmailRefusal(problem: ProblemBody): string {
  if (problem.status === 413) return tooLongEmailMessage(null);
  const fieldMessages = (problem.errors ?? []).map((field) => field.message).join(" ");
  return fieldMessages || describeProblem(problem);
}
