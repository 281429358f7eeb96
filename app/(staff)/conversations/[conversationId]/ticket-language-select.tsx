"use client";

import { SelectField } from "@/components/ui/controls";
import {
  isSupportedLanguage,
  LANGUAGE_NAMES,
  type Language,
  languageNameForStaff,
  SUPPORTED_LANGUAGES,
} from "@/lib/domain/languages";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";

type TicketLanguage = ConversationThreadSnapshot["conversation"]["language"];

const SOURCE_WORDS = {
  detected: "detected",
  customer: "chosen by the customer",
  staff: "set by staff",
} as const;

const UNKNOWN = "";

/**
 * The language the customer is answered in. Detected from their first messages until someone
 * chooses; a language Countersign does not speak is shown as it is, and can be replaced by one
 * it does (the agent and every code-rendered text then use that one).
 */
export function TicketLanguageSelect({
  language,
  pending,
  onChange,
}: {
  language: TicketLanguage;
  pending: boolean;
  onChange: (language: Language, label: string) => void;
}) {
  const current = language?.code ?? UNKNOWN;
  return (
    <SelectField
      label={
        <>
          Language{" "}
          <span className="font-normal text-slate-600">
            ({language ? SOURCE_WORDS[language.source] : "not known yet"})
          </span>
        </>
      }
      fieldClassName="w-full sm:w-auto"
      className="w-full sm:w-auto"
      value={current}
      disabled={pending}
      onChange={(event) => {
        const next = event.target.value;
        if (isSupportedLanguage(next)) onChange(next, LANGUAGE_NAMES[next].english);
      }}
    >
      {current === UNKNOWN ? (
        <option value={UNKNOWN} disabled>
          Not known yet
        </option>
      ) : null}
      {language && !isSupportedLanguage(language.code) ? (
        <option value={language.code} disabled>
          {`${languageNameForStaff(language.code)} (not supported)`}
        </option>
      ) : null}
      {SUPPORTED_LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_NAMES[code].english}
        </option>
      ))}
    </SelectField>
  );
}
