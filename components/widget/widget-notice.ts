import { describeProblem, type ProblemBody } from "@/lib/client/send-json";
import type { WidgetMessageKey } from "@/lib/domain/catalogs/widget";
import type { MessageValues } from "@/lib/domain/i18n";
import type { WidgetText } from "./widget-text";

/**
 * A notice or error the widget keeps to show: a message of its catalog, or a failed call's
 * problem. Kept as data, not as a sentence, so it follows the language when that changes.
 */
export type WidgetNotice =
  | { kind: "text"; key: WidgetMessageKey; values?: MessageValues }
  | { kind: "problem"; status: number; problem: ProblemBody };

export function textNotice(key: WidgetMessageKey, values?: MessageValues): WidgetNotice {
  return { kind: "text", key, values };
}

export function problemNotice(failed: { status: number; problem: ProblemBody }): WidgetNotice {
  return { kind: "problem", status: failed.status, problem: failed.problem };
}

export function noticeText(notice: WidgetNotice, text: WidgetText): string {
  return notice.kind === "text"
    ? text.t(notice.key, notice.values)
    : describeWidgetProblem(notice.problem, notice.status, text);
}

// The server's refusals the widget can name in any language, by their reason code.
const REASON_KEYS: Readonly<Record<string, WidgetMessageKey>> = {
  NO_MATCH: "problem_wrong_pair",
  QUOTE_HASH_MISMATCH: "problem_quote_changed",
  NO_SESSION: "problem_no_session",
  SESSION_ENDED: "session_ended_idle",
  TOKEN_EXPIRED: "problem_token_expired",
  TOKEN_INVALID: "problem_token_invalid",
  IDENTITY_TOKEN_REQUIRED: "token_required",
};

/**
 * The sentence for a failed widget call. In English, the server's own words, as before; in
 * another language a known refusal in that language, else a general one (the server's detail
 * is English, and a half-translated sentence helps nobody).
 */
export function describeWidgetProblem(
  problem: ProblemBody,
  status: number,
  { language, t }: WidgetText,
): string {
  if (language === "en") return describeProblem(problem);
  if (status === 0) return t("unreachable");
  // An ended session refuses a quote's answer (409) as well as any call (401).
  if (problem.reason === "SESSION_ENDED" && status === 409) return t("problem_quote_session_ended");
  const key = typeof problem.reason === "string" ? REASON_KEYS[problem.reason] : undefined;
  if (key) return t(key);
  if (problem.code === "RATE_LIMITED" && typeof problem.retryAfterSeconds === "number") {
    const seconds = problem.retryAfterSeconds;
    return seconds < 120
      ? t("problem_rate_limited", { seconds })
      : t("problem_rate_limited_minutes", { minutes: Math.ceil(seconds / 60) });
  }
  if (problem.code === "VALIDATION_FAILED") return t("problem_invalid_input");
  return t("problem_other");
}
