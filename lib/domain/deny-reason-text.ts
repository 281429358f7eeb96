import { DENY_REASON_CATALOGS } from "./catalogs/deny-reasons";
import type { DenyCode, DenyParams } from "./deny-reasons";
import { translator } from "./i18n";
import type { Language } from "./languages";
import { categoryNameIn } from "./policy-sections-in";

/**
 * A policy refusal as records keep it: the engine's English message and section, and (for
 * reasons recorded since they carry them) the code and parameters to say it in another language.
 */
export type RefusalReason = {
  message: string;
  sectionId: string;
  code?: string;
  params?: DenyParams;
};

function isDenyCode(code: string | undefined): code is DenyCode {
  return code !== undefined && Object.hasOwn(DENY_REASON_CATALOGS.en, code);
}

/**
 * The reason in the customer's language, from its code and parameters. English, and a reason
 * recorded without them, reads as the engine's own message: the words never guess at what a
 * record does not say.
 */
export function describeDenyReason(reason: RefusalReason, language: Language): string {
  if (language === "en" || !isDenyCode(reason.code) || reason.params === undefined) {
    return reason.message;
  }
  const { scopeCategory, scopeLabel, ...values } = reason.params;
  const scope =
    scopeCategory === undefined || scopeLabel === undefined
      ? null
      : categoryNameIn(language, { name: scopeCategory, label: scopeLabel });
  return translator(DENY_REASON_CATALOGS, language)(reason.code, {
    item: "",
    orderNumber: "",
    days: 0,
    windowDays: 0,
    ...values,
    hasScope: scope === null ? "no" : "yes",
    scope: scope ?? "",
  });
}

/** Reasons as a record stored them (JSON): each one with an English message; anything else is left out. */
export function refusalReasonsIn(value: unknown): RefusalReason[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap(
    (item: { message?: unknown; sectionId?: unknown; code?: unknown; params?: unknown }) =>
      typeof item?.message === "string"
        ? [
            {
              message: item.message,
              sectionId: typeof item.sectionId === "string" ? item.sectionId : "",
              ...(typeof item.code === "string" ? { code: item.code } : {}),
              ...(isDenyParams(item.params) ? { params: item.params } : {}),
            },
          ]
        : [],
  );
}

function isDenyParams(value: unknown): value is DenyParams {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === "string" || typeof entry === "number")
  );
}
