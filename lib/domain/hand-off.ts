import { COURTESY_WORDS, PERSON_REQUEST_GRAMMAR } from "./hand-off-phrases";
import {
  type ConversationLanguage,
  isSupportedLanguage,
  languageNameForStaff,
  SUPPORTED_LANGUAGES,
} from "./languages";
import type { NeedsPersonFlag } from "./needs-person";

/*
 * When the agent stops and a person answers instead. Each rule is deterministic and defaults to
 * "no": code hands over on what it can be sure of (a language it does not speak, the same
 * question asked twice, a request for a person in a phrase it knows), never on a guess.
 */

const REQUEST_PATTERNS: readonly RegExp[] = SUPPORTED_LANGUAGES.flatMap((language) =>
  PERSON_REQUEST_GRAMMAR[language].map((source) => new RegExp(`^(?:${source})$`, "u")),
);

const COURTESY = new RegExp(
  `^(?:(?:${COURTESY_WORDS.join("|")}) )*(.*?)(?: (?:${COURTESY_WORDS.join("|")}))*$`,
  "u",
);

// Sentences and clauses: "Hola, quiero hablar con una persona." asks in its second clause.
const CLAUSE_BREAK = /[.!?;,\n。！？、，]+/u;

/** Lower case, accents off (Latin only: kana keep their voicing marks), one space, no quotes. */
function normalizeClause(clause: string): string {
  const plain = clause
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[¿¡"“”«»()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return COURTESY.exec(plain)?.[1] ?? plain;
}

/**
 * Whether the customer asks to talk to a person, in a phrase of the closed grammar of any
 * supported language. A clause that says anything more or less than such a phrase is not a request.
 */
export function asksForPerson(text: string): boolean {
  return text
    .split(CLAUSE_BREAK)
    .map(normalizeClause)
    .some((clause) => clause !== "" && REQUEST_PATTERNS.some((pattern) => pattern.test(clause)));
}

/** The flag for a customer who asked for a person. */
export function personRequestedFlag(): NeedsPersonFlag {
  return {
    kind: "customer_needs_person",
    reason:
      "The customer asked to talk to a person; the agent stopped and told them one will answer.",
  };
}

/**
 * The flag for a conversation in a language Countersign does not speak, or null while the
 * language is unknown or supported. The reason names the language for staff.
 */
export function unsupportedLanguageFlag(language: ConversationLanguage): NeedsPersonFlag | null {
  const { code } = language;
  if (code === null || isSupportedLanguage(code)) return null;
  return {
    kind: "language_not_supported",
    reason: `The customer writes in ${languageLabel(code)}, which the agent does not speak; they were told in English that a person will answer.`,
  };
}

function languageLabel(code: string): string {
  const name = languageNameForStaff(code);
  return name === code ? `the language "${code}"` : `${name} (${code})`;
}

/**
 * Whether a reply the agent is about to send repeats its previous one to this customer: the same
 * question twice running means the customer's answer did not help, and a person should take over.
 */
export function repeatsPreviousReply(next: string, previous: string | null): boolean {
  if (previous === null) return false;
  const flat = (text: string) => text.replace(/\s+/g, " ").trim();
  return flat(next) !== "" && flat(next) === flat(previous);
}

/** The flag for a question the agent asked twice without getting an answer it could use. */
export function questionUnansweredFlag(): NeedsPersonFlag {
  return {
    kind: "question_unanswered",
    reason:
      "The agent asked the customer the same question twice and could not act on either answer; the customer was told a person will answer.",
  };
}
