import { readDecline } from "./classify-message-decline";
import { AMOUNT, ITEM, PART } from "./classify-message-lexicon";
import { normalizeMessage, type ScannedMessage, scanMessage } from "./classify-message-scan";
import { CONSENT_LEXICONS } from "./consent";
import { ENGLISH } from "./consent/en";
import type { ConsentLexicon } from "./consent/lexicon";
import { isEditDistanceAtMostOne } from "./edit-distance";
import type { Language } from "./languages";
import { DOLLAR_CURRENCIES, findMoneyMentions, type MentionedCurrency } from "./money-mentions";
import type { PendingActionStatus } from "./pending-action-status";

export const MESSAGE_INTENTS = [
  "confirm",
  "decline",
  "interrupt",
  "replace",
  "resume",
  "cancel",
  "other",
] as const;
export type MessageIntent = (typeof MESSAGE_INTENTS)[number];

export type OpenActionSummary = {
  status: PendingActionStatus;
  itemNames: readonly string[];
  lineIds: readonly string[];
  /** The amount on the quote's Confirm button: a yes that names it exactly still confirms. */
  netRefundCents: number;
  currency: string;
};

export type MessageClassification = { intent: MessageIntent; reasons: string[] };

/**
 * What a customer message may do to an action in each status. Only a quote on screen can be
 * confirmed; a suspended one can only be resumed (and then confirmed afresh). Once the customer
 * has confirmed, only an explicit request to cancel that refund withdraws it, and only until it
 * starts executing: a "no thanks" or a new request no longer touches it.
 */
const INTENTS_BY_STATUS: Readonly<Record<PendingActionStatus, readonly MessageIntent[]>> = {
  proposed: ["replace"],
  awaiting_confirmation: ["confirm", "decline", "interrupt", "replace"],
  suspended: ["resume", "decline", "replace"],
  awaiting_approval: ["cancel"],
  approved: ["cancel"],
  executing: [],
  executed: [],
  declined: [],
  rejected: [],
  expired: [],
  superseded: [],
  failed: [],
  needs_reconciliation: [],
};

export function allowedIntents(status: PendingActionStatus): readonly MessageIntent[] {
  return INTENTS_BY_STATUS[status];
}

/** What the words say, before the action's status decides what that may do. */
type Reading = {
  says: "yes" | "carry_on" | "no" | "withdraw" | "question" | "switch" | "unclear";
  reasons: string[];
};

/** Longer than any plain yes seen in practice; keeps the grammar's regexes cheap. */
const MAX_PLAIN_YES_CHARS = 400;
const MAX_CLAUSE_WORDS = 30;
/** An order or line id ("b2002", "a1043-2"). */
const ORDER_ID = /^\p{L}{1,3}-?\p{N}{3,}(?:-\p{N}+)?$/u;

type QuoteTerms = {
  /** Word sequences that name the quote's items, longest first, each with the items it names. */
  itemPhrases: { phrase: string; items: ReadonlySet<number> }[];
  itemCount: number;
  netRefundCents: number;
  currency: string;
  /** Orders the quote's lines belong to ("b2001"). */
  orderIds: Set<string>;
};

function describeQuote(openAction: OpenActionSummary): QuoteTerms {
  const phrases = new Map<string, Set<number>>();
  openAction.itemNames.forEach((name, item) => {
    const words =
      normalizeMessage(name).match(/[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*/gu) ?? [];
    const head = words.at(-1);
    if (!head) return;
    const heads = [head, head.endsWith("s") ? head.slice(0, -1) : `${head}s`];
    for (let start = 0; start < words.length; start++) {
      for (const last of heads) {
        const phrase = [...words.slice(start, -1), last].join(" ");
        for (const form of [phrase, phrase.replace(/-/g, " ")]) {
          phrases.set(form, (phrases.get(form) ?? new Set()).add(item));
        }
      }
    }
  });
  return {
    itemPhrases: [...phrases]
      .filter(([phrase]) => phrase !== "")
      .map(([phrase, items]) => ({ phrase, items }))
      .sort((a, b) => b.phrase.length - a.phrase.length),
    itemCount: openAction.itemNames.length,
    netRefundCents: openAction.netRefundCents,
    currency: openAction.currency,
    orderIds: new Set(openAction.lineIds.map((id) => id.toLowerCase().replace(/-\d+$/, ""))),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * "the wool socks" → ITEM. The item slot: a message that names items confirms only the whole
 * quote, so every item named must be one of the quote's and, together, they must be all of
 * them. Naming fewer (a narrowing), or a phrase that could be either of two items, turns each
 * mention into PART, which no yes may contain.
 */
function markItems(
  clauses: readonly string[],
  quote: QuoteTerms,
  lexicon: ConsentLexicon,
): string[] {
  const named = new Set<number>();
  let ambiguous = false;
  const marked = clauses.map((clause) => {
    let text = ` ${clause} `;
    for (const { phrase, items } of quote.itemPhrases) {
      const pattern = new RegExp(
        ` (?:(?:${lexicon.itemDeterminers}) )?${escapeRegExp(phrase)}(?= )`,
        "g",
      );
      text = text.replace(pattern, () => {
        for (const item of items) named.add(item);
        if (items.size > 1) ambiguous = true;
        return ` ${ITEM}`;
      });
    }
    return text.trim();
  });
  if (!ambiguous && named.size === quote.itemCount) return marked;
  return marked.map((clause) => clause.replace(new RegExp(`\\b${ITEM}\\b`, "g"), PART));
}

/**
 * The amount slot: in the normalised text, each statement of exactly the quote's net amount, in
 * its currency (or a bare "12.60"), becomes AMOUNT. Any other amount is left as it was written,
 * and its digits keep the message from being a plain yes.
 */
function markAmount(text: string, quote: QuoteTerms): string {
  const exact = findMoneyMentions(text).filter(
    (mention) =>
      mention.kind === "amount" &&
      mention.cents === quote.netRefundCents &&
      isQuoteCurrency(mention.currency, quote.currency) &&
      standsAlone(text, mention.index, mention.index + mention.text.length),
  );
  let marked = text;
  for (const mention of exact.reverse()) {
    const end = mention.index + mention.text.length;
    marked = `${marked.slice(0, mention.index)} ${AMOUNT} ${marked.slice(end)}`;
  }
  return marked;
}

/**
 * An amount counts only as a word of its own: nothing glued to it ("-$12.60", "x$12.60",
 * "$12.60k") and no sign, which would make it another amount.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text.slice(0, start);
  const after = text.slice(end);
  return (
    /^[^-−+]/u.test(text.slice(start)) &&
    (before === "" || /\s$/u.test(before)) &&
    (after === "" || /^(?:\s|[,.!]+(?:\s|$))/u.test(after))
  );
}

function isQuoteCurrency(mentioned: MentionedCurrency, currency: string): boolean {
  if (mentioned === null || mentioned === currency) return true;
  return mentioned === "dollar" && DOLLAR_CURRENCIES.includes(currency);
}

function correctTypo(word: string, lexicon: ConsentLexicon): string {
  const targets = lexicon.typoTargets;
  if (word.length < 4 || lexicon.notTypos.has(word) || targets.includes(word)) return word;
  const candidates = targets.filter((target) => isEditDistanceAtMostOne(word, target));
  return candidates.length === 1 ? (candidates[0] ?? word) : word;
}

/** Things the message names that are not the quote's items: "the earbuds", "order b2002". */
function findOtherThings(clauses: string[], quote: QuoteTerms, lexicon: ConsentLexicon): string[] {
  const { dropping, determiners, notAThing, stopwords } = lexicon;
  const found: string[] = [];
  for (const clause of clauses) {
    const words = clause.split(" ");
    words.forEach((word, index) => {
      if (dropping.has(words[index - 1] ?? "")) return;
      if (ORDER_ID.test(word) && !quote.orderIds.has(word.replace(/-\p{N}+$/u, ""))) {
        found.push(word);
      }
      const next = words[index + 1];
      if (!determiners.has(word) || next === undefined) return;
      if (next === ITEM || next === PART || notAThing.has(next) || stopwords.has(next)) return;
      if (determiners.has(next) || /\p{N}/u.test(next)) return;
      found.push(`${word} ${next}`);
    });
    const other = clause.match(lexicon.otherThing);
    if (other) found.push(other[0].trim());
  }
  return found;
}

function matchesAny(clauses: readonly string[], pattern: RegExp): string[] {
  return clauses.filter((clause) => pattern.test(clause));
}

/** Whether the message asks something (any script's question mark, or the language's shapes). */
function findQuestion(
  scanned: ScannedMessage,
  clauses: string[],
  lexicon: ConsentLexicon,
): string | null {
  if (scanned.questionMark) return "has a question mark";
  const { notAQuestion } = lexicon;
  const unasked = notAQuestion
    ? clauses.map((clause) => clause.replace(notAQuestion, " ").trim())
    : clauses;
  const asked =
    matchesAny(unasked, lexicon.questionAnywhere)[0] ??
    matchesAny(unasked, lexicon.questionShape)[0];
  if (asked !== undefined) return `asks a question: "${asked}"`;
  const info = matchesAny(clauses, lexicon.infoOrHold)[0];
  return info === undefined ? null : `asks for information or time: "${info}"`;
}

/** Is every clause (split at "and") a plain-yes clause of this grammar? */
function fitsGrammar(clauses: string[], grammar: RegExp, and: RegExp): boolean {
  return clauses.every((clause) =>
    clause
      .split(and)
      .every((part) => part.split(" ").length <= MAX_CLAUSE_WORDS && grammar.test(part)),
  );
}

function readWithdrawal(
  scanned: ScannedMessage,
  clauses: string[],
  lexicon: ConsentLexicon,
): Reading | null {
  if (lexicon.cancel === null) return null;
  const { clause: cancelClause, asQuestion } = lexicon.cancel;
  const cancels = matchesAny(clauses, cancelClause);
  if (cancels.length === 0) return null;
  const rest = clauses.filter((clause) => !cancelClause.test(clause));
  const clean =
    rest.every((clause) => lexicon.courtesyClause.test(clause)) &&
    scanned.numbers.length === 0 &&
    scanned.otherSymbols.length === 0 &&
    scanned.positiveEmoji + scanned.negativeEmoji === 0 &&
    !scanned.ellipsis &&
    (!scanned.questionMark || cancels.every((clause) => asQuestion.test(clause)));
  if (!clean) return null;
  return { says: "withdraw", reasons: [`asks to cancel the refund: "${cancels.join(", ")}"`] };
}

/** Why a message is not a plain yes, or null when it is one. */
function findYesBlockers(
  scanned: ScannedMessage,
  clauses: string[],
  grammar: RegExp,
  and: RegExp,
): string[] {
  const blockers: string[] = [];
  if (scanned.text.length > MAX_PLAIN_YES_CHARS) blockers.push("too long to be a plain yes");
  if (scanned.numbers.length > 0) blockers.push(`mentions a number: ${scanned.numbers.join(", ")}`);
  if (scanned.otherSymbols.length > 0) {
    blockers.push(`has symbols or emoji: ${scanned.otherSymbols.join(" ")}`);
  }
  if (scanned.negativeEmoji > 0) blockers.push("has a refusing emoji");
  if (scanned.ellipsis) blockers.push("trails off (…)");
  if (clauses.some((clause) => clause.split(" ").includes(PART))) {
    blockers.push("names only part of a quote with several items");
  }
  if (blockers.length === 0 && !fitsGrammar(clauses, grammar, and)) {
    blockers.push("says more than a plain yes");
  }
  return blockers;
}

/** The message's clauses with slips corrected and the quote's items marked. */
function readClauses(scanned: ScannedMessage, quote: QuoteTerms, lexicon: ConsentLexicon) {
  return markItems(
    scanned.clauses.map((clause) =>
      clause
        .split(" ")
        .map((word) => correctTypo(word, lexicon))
        .join(" "),
    ),
    quote,
    lexicon,
  );
}

function readMessage(scanned: ScannedMessage, quote: QuoteTerms, lexicon: ConsentLexicon): Reading {
  const clauses = readClauses(scanned, quote, lexicon);
  if (clauses.length === 0) {
    const thumbsDown =
      scanned.negativeEmoji > 0 &&
      scanned.positiveEmoji === 0 &&
      scanned.otherSymbols.length === 0 &&
      !scanned.questionMark;
    return thumbsDown
      ? { says: "no", reasons: ["a refusing emoji alone"] }
      : { says: "unclear", reasons: ["no words: an emoji alone is not an explicit yes"] };
  }
  if (scanned.markup) {
    return { says: "unclear", reasons: [`has ${scanned.markup}: not a plain message`] };
  }
  const authority = matchesAny(clauses, lexicon.authority);
  if (authority.length > 0) {
    return { says: "unclear", reasons: [`claims authority or instructs: "${authority[0]}"`] };
  }

  const switching = matchesAny(clauses, lexicon.switchPhrase).filter(
    (clause) => !lexicon.negatedSwitch.test(clause),
  );
  const others = findOtherThings(clauses, quote, lexicon);
  const conditions = matchesAny(clauses, lexicon.condition);
  if (switching.length > 0 && others.length > 0 && conditions.length === 0) {
    return { says: "switch", reasons: [`asks for something else: ${others.join(", ")}`] };
  }

  const withdrawal = readWithdrawal(scanned, clauses, lexicon);
  if (withdrawal) return withdrawal;

  const declining = lexicon.decline.clause;
  // A declining clause asks for nothing: "I'll hold on to them" is not "hold on".
  const question = findQuestion(
    scanned,
    clauses.filter((clause) => !declining.test(clause)),
    lexicon,
  );
  if (question !== null) {
    if (lexicon.requestAsQuestion.test(clauses[0] ?? "")) {
      return { says: "unclear", reasons: ["a request to proceed asked as a question"] };
    }
    const onlyYesOrNo = clauses.every(
      (clause) =>
        lexicon.resumeClause.test(clause) ||
        declining.test(clause) ||
        lexicon.courtesyClause.test(clause),
    );
    if (onlyYesOrNo && !matchesAny(clauses, lexicon.infoOrHold).length) {
      return {
        says: "unclear",
        reasons: [`a yes or no asked back is not an answer (${question})`],
      };
    }
    return { says: "question", reasons: [question] };
  }

  const decline = readDecline(scanned, clauses, lexicon);
  if (decline) return decline;

  const hedges = [
    ...conditions.map((clause) => `hedges or sets a condition: "${clause}"`),
    ...matchesAny(clauses, lexicon.sarcasm).map((clause) => `sarcasm marker: "${clause}"`),
  ];
  if (scanned.text.includes("/s")) hedges.push("sarcasm marker: /s");
  if (hedges.length > 0) return { says: "unclear", reasons: hedges };

  if (findYesBlockers(scanned, clauses, lexicon.confirmClause, lexicon.and).length === 0) {
    if (clauses.some((clause) => lexicon.affirming.test(clause))) {
      return { says: "yes", reasons: [`plain yes: "${clauses.join(", ")}"`] };
    }
  }
  const resumeBlockers = findYesBlockers(scanned, clauses, lexicon.resumeClause, lexicon.and);
  if (resumeBlockers.length === 0) {
    if (clauses.some((clause) => lexicon.resuming.test(clause))) {
      return { says: "carry_on", reasons: [`asks to carry on: "${clauses.join(", ")}"`] };
    }
    return { says: "unclear", reasons: ["courtesy without a yes"] };
  }
  return { says: "unclear", reasons: resumeBlockers };
}

/**
 * What, read with this grammar, argues against a yes: a claim of authority, a switch, a
 * refusal, a request to cancel, a question or request for time, a hedge or sarcasm.
 */
function findObjections(scanned: ScannedMessage, quote: QuoteTerms, lexicon: ConsentLexicon) {
  const clauses = readClauses(scanned, quote, lexicon);
  const declining = lexicon.decline.clause;
  const found = (pattern: RegExp, what: string) =>
    matchesAny(clauses, pattern).map((clause) => `${what}: "${clause}"`);
  const objections = [
    ...found(lexicon.authority, "claims authority or instructs"),
    ...found(lexicon.switchPhrase, "changes the request"),
    ...found(declining, "declines"),
    ...(lexicon.cancel ? found(lexicon.cancel.clause, "asks to cancel") : []),
    ...found(lexicon.condition, "hedges or sets a condition"),
    ...found(lexicon.sarcasm, "sarcasm marker"),
  ];
  const question = findQuestion(
    scanned,
    clauses.filter((clause) => !declining.test(clause)),
    lexicon,
  );
  if (question !== null) objections.push(question);
  return objections.map((objection) => `read as ${lexicon.language}, ${objection}`);
}

/**
 * Puts a space between Japanese (its script and punctuation) and anything else, so
 * "はい、$12.60でお願いします" splits around the amount.
 */
function spaceBetweenScripts(text: string): string {
  const japanese = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー々\\u3000-\\u303f";
  return text
    .replace(new RegExp(`([${japanese}])(?=[^\\s${japanese}])`, "gu"), "$1 ")
    .replace(new RegExp(`([^\\s${japanese}])(?=[${japanese}])`, "gu"), "$1 ");
}

const INTENTS_FOR_READING: Readonly<Record<Reading["says"], readonly MessageIntent[]>> = {
  yes: ["confirm", "resume"],
  carry_on: ["resume"],
  no: ["decline"],
  withdraw: ["cancel", "decline"],
  question: ["interrupt"],
  switch: ["replace"],
  unclear: [],
};

/**
 * Reads a customer message against their open pending action. Deterministic and closed: a
 * message confirms only when every clause is a plain-yes phrase built from a small closed
 * vocabulary, and nothing in it asks, negates, hedges, jokes, names an amount, a time or part of
 * the quote, or is marked up. Anything it cannot read with certainty is `other`, and the agent
 * shows the quote's Confirm and Decline buttons again. A miss costs one more tap; a false yes
 * would move money.
 *
 * `language` is the grammar to read with (`consentLanguage` of the conversation's language).
 * Null, a language Countersign has no grammar for, reads nothing: the message is `other` and
 * the customer answers with the buttons. A message in another language than the
 * conversation's ("yes go ahead" in a Spanish conversation) says yes only if the conversation
 * language's grammar reads a yes in it; and in a conversation not in English, a yes or a
 * "carry on" stands only if the English grammar reads no question, refusal, hedge, sarcasm,
 * switch or claim of authority in the same words either.
 */
export function classifyMessage(input: {
  text: string;
  openAction: OpenActionSummary | null;
  language: Language | null;
}): MessageClassification {
  const { openAction, language } = input;
  if (openAction === null) return { intent: "other", reasons: ["no open pending action"] };
  if (language === null) {
    return { intent: "other", reasons: ["no consent grammar for the conversation's language"] };
  }
  const lexicon = CONSENT_LEXICONS[language];
  const quote = describeQuote(openAction);
  const scanned = scanMessage(input.text, (text) =>
    markAmount(lexicon.spacesBetweenScripts ? spaceBetweenScripts(text) : text, quote),
  );
  const reading = readMessage(scanned, quote, lexicon);
  const objections =
    language !== "en" && (reading.says === "yes" || reading.says === "carry_on")
      ? findObjections(scanned, quote, ENGLISH)
      : [];
  return intentFor(
    objections.length > 0 ? { says: "unclear", reasons: objections } : reading,
    openAction,
  );
}

function intentFor(reading: Reading, openAction: OpenActionSummary): MessageClassification {
  const allowed = allowedIntents(openAction.status);
  const intent = INTENTS_FOR_READING[reading.says].find((candidate) => allowed.includes(candidate));
  if (intent !== undefined) return { intent, reasons: reading.reasons };
  if (reading.says === "unclear") return { intent: "other", reasons: reading.reasons };
  return {
    intent: "other",
    reasons: [...reading.reasons, `nothing it can do while the refund is ${openAction.status}`],
  };
}
