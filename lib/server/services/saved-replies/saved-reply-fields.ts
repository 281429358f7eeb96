import "server-only";
import { z } from "zod";
import {
  MAX_SAVED_REPLY_BODY_CHARS,
  MAX_SAVED_REPLY_TITLE_CHARS,
  parseTemplate,
} from "@/lib/domain/saved-reply-template";
import { AppError } from "@/lib/errors/app-error";

export const savedReplyFieldsSchema = z.object({
  title: z.string().trim().min(1, "Give the reply a title.").max(MAX_SAVED_REPLY_TITLE_CHARS),
  body: z.string().trim().min(1, "Write the reply.").max(MAX_SAVED_REPLY_BODY_CHARS),
});

/**
 * A body stored is a body that parses: each problem is answered at `body.body` with its place
 * in words, and in full under `problems` for a form to point at.
 */
export function requireTemplate(body: string): void {
  const parsed = parseTemplate(body);
  if (parsed.ok) return;
  throw new AppError("VALIDATION_FAILED", "The reply has variables that cannot be filled in.", {
    errors: parsed.problems.map((problem) => ({ path: "body.body", message: problem.message })),
    extensions: { problems: parsed.problems },
  });
}
