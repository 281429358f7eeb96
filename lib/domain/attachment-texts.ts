import { ATTACHMENT_LIMITS, type RefusalReason } from "./attachments";
import { ATTACHMENT_CATALOGS } from "./catalogs/attachments";
import { translator } from "./i18n";
import type { Language } from "./languages";

/** Why a file was not accepted, in the customer's language. */
export function refusalText(language: Language, reason: RefusalReason, name: string): string {
  const t = translator(ATTACHMENT_CATALOGS, language);
  return t(`refused_${reason}`, {
    name,
    megabytes: ATTACHMENT_LIMITS.maxBytes / (1024 * 1024),
    count: ATTACHMENT_LIMITS.maxFilesPerMessage,
  });
}

/** The agent's request for a photo of a damaged or wrong item, in the customer's language. */
export function photoRequestText(language: Language): string {
  return translator(ATTACHMENT_CATALOGS, language)("photo_request");
}
