import type { z } from "zod";
import { AppError, type FieldError } from "@/lib/errors/app-error";

export function fieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "(root)",
    message: issue.message,
  }));
}

export function validationFailed(error: z.ZodError, prefix: "body" | "query"): AppError {
  return new AppError("VALIDATION_FAILED", `The request ${prefix} is invalid.`, {
    errors: fieldErrors(error, prefix),
  });
}
