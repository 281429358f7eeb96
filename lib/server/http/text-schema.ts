import { z } from "zod";
import { describeUnstorableText, findUnstorableText } from "@/lib/domain/storable-text";
import type { FieldError } from "@/lib/errors/app-error";

/*
 * One rule for all text at the boundary (see lib/domain/storable-text.ts). The route wrapper
 * applies it to every string (and key) of params, query and body before any schema runs, so no
 * route can forget it; `storableText()` carries the same rule into schemas that pages and
 * services parse themselves.
 */

/** A zod string that Postgres can store exactly as sent. */
export function storableText() {
  return z.string().superRefine((value, ctx) => {
    const reason = findUnstorableText(value);
    if (reason) ctx.addIssue({ code: "custom", message: describeUnstorableText(reason) });
  });
}

/** JSON nested deeper than this is refused: no request of this app needs more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

const MAX_REPORTED = 10;

/**
 * Every unstorable string or key in a parsed input, and nesting past MAX_INPUT_DEPTH. Walks
 * without recursion, so a hostile body cannot exhaust the stack.
 */
export function findUnstorableInput(value: unknown, prefix: string): FieldError[] {
  const errors: FieldError[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number }> = [
    { value, path: prefix, depth: 0 },
  ];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const item = pending.pop() as (typeof pending)[number];
    if (typeof item.value === "string") {
      const reason = findUnstorableText(item.value);
      if (reason) errors.push({ path: item.path, message: describeUnstorableText(reason) });
      continue;
    }
    if (item.value === null || typeof item.value !== "object") continue;
    if (item.depth >= MAX_INPUT_DEPTH) {
      errors.push({
        path: item.path,
        message: `must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
      });
      continue;
    }
    for (const [key, entry] of Object.entries(item.value)) {
      const path = `${item.path}.${key}`;
      const keyReason = findUnstorableText(key);
      if (keyReason) {
        errors.push({
          path: item.path,
          message: `has a key that ${describeUnstorableText(keyReason)}`,
        });
        continue;
      }
      pending.push({ value: entry, path, depth: item.depth + 1 });
    }
  }
  return errors;
}
