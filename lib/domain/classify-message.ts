import { DECLINE_CLAUSE, readDecline } from "./classify-message-decline";
import {
  AFFIRMING,
  AMOUNT,
  AUTHORITY,
  CANCEL_CLAUSE,
  CONDITION,
  CONFIRM_CLAUSE,
  COURTESY_CLAUSE,
  DETERMINERS,
  DROPPING,
  INFO_OR_HOLD,
  ITEM,
  NEGATED_SWITCH,
  NOT_A_THING,
  NOT_TYPOS,
  OTHER_THING,
  PART,
  QUESTION_START,
  QUESTION_WORD_ANYWHERE,
  REQUEST_AS_QUESTION,
  RESUME_CLAUSE,
  RESUMING,
  SARCASM,
  STOPWORDS,
  SWITCH,
  TYPO_TARGETS,
} from "./classify-message-lexicon";
import { normalizeMessage, type ScannedMessage, scanMessage } from "./classify-message-scan";
import { isEditDistanceAtMostOne } from "./edit-distance";
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
function markItems(clauses: readonly string[], quote: QuoteTerms): string[] {
  const named = new Set<number>();
  let ambiguous = false;
  const marked = clauses.map((clause) => {
    let text = ` ${clause} `;
    for (const { phrase, items } of quote.itemPhrases) {
      const pattern = new RegExp(
        ` (?:(?:the|my|these|those|this|that) )?${escapeRegExp(phrase)}(?= )`,
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

function correctTypo(word: string): string {
  if (word.length < 4 || NOT_TYPOS.has(word) || TYPO_TARGETS.includes(word)) return word;
  const candidates = TYPO_TARGETS.filter((target) => isEditDistanceAtMostOne(word, target));
  return candidates.length === 1 ? (candidates[0] ?? word) : word;
}

/** Things the message names that are not the quote's items: "the earbuds", "order b2002". */
function findOtherThings(clauses: string[], quote: QuoteTerms): string[] {
  const found: string[] = [];
  for (const clause of clauses) {
    const words = clause.split(" ");
    words.forEach((word, index) => {
      if (DROPPING.has(words[index - 1] ?? "")) return;
      if (ORDER_ID.test(word) && !quote.orderIds.has(word.replace(/-\p{N}+$/u, ""))) {
        found.push(word);
      }
      const next = words[index + 1];
      if (!DETERMINERS.has(word) || next === undefined) return;
      if (next === ITEM || next === PART || NOT_A_THING.has(next) || STOPWORDS.has(next)) return;
      if (DETERMINERS.has(next) || /\p{N}/u.test(next)) return;
      found.push(`${word} ${next}`);
    });
    const other = clause.match(OTHER_THING);
    if (other) found.push(other[0].trim());
  }
  return found;
}

function matchesAny(clauses: readonly string[], pattern: RegExp): string[] {
  return clauses.filter((clause) => pattern.test(clause));
}

/** Whether the message asks something (any script's question mark, or an English question). */
function findQuestion(scanned: ScannedMessage, clauses: string[]): string | null {
  if (scanned.questionMark) return "has a question mark";
  const unasked = clauses.map((clause) => clause.replace(/(?:^| )why not(?: |$)/g, " ").trim());
  const asked =
    matchesAny(unasked, QUESTION_WORD_ANYWHERE)[0] ?? matchesAny(unasked, QUESTION_START)[0];
  if (asked !== undefined) return `asks a question: "${asked}"`;
  const info = matchesAny(clauses, INFO_OR_HOLD)[0];
  return info === undefined ? null : `asks for information or time: "${info}"`;
}

/** Is every clause (split at "and") a plain-yes clause of this grammar? */
function fitsGrammar(clauses: string[], grammar: RegExp): boolean {
  return clauses.every((clause) =>
    clause
      .split(/ and (?:then )?/)
      .every((part) => part.split(" ").length <= MAX_CLAUSE_WORDS && grammar.test(part)),
  );
}

function readWithdrawal(scanned: ScannedMessage, clauses: string[]): Reading | null {
  const cancels = matchesAny(clauses, CANCEL_CLAUSE);
  if (cancels.length === 0) return null;
  const rest = clauses.filter((clause) => !CANCEL_CLAUSE.test(clause));
  const clean =
    rest.every((clause) => COURTESY_CLAUSE.test(clause)) &&
    scanned.numbers.length === 0 &&
    scanned.otherSymbols.length === 0 &&
    scanned.positiveEmoji + scanned.negativeEmoji === 0 &&
    !scanned.ellipsis &&
    (!scanned.questionMark ||
      cancels.every((clause) => /\b(?:can|could|would) you\b/.test(clause)));
  if (!clean) return null;
  return { says: "withdraw", reasons: [`asks to cancel the refund: "${cancels.join(", ")}"`] };
}

/** Why a message is not a plain yes, or null when it is one. */
function findYesBlockers(scanned: ScannedMessage, clauses: string[], grammar: RegExp): string[] {
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
  if (blockers.length === 0 && !fitsGrammar(clauses, grammar)) {
    blockers.push("says more than a plain yes");
  }
  return blockers;
}

function readMessage(scanned: ScannedMessage, quote: QuoteTerms): Reading {
  const clauses = markItems(
    scanned.clauses.map((clause) => clause.split(" ").map(correctTypo).join(" ")),
    quote,
  );
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
  const authority = matchesAny(clauses, AUTHORITY);
  if (authority.length > 0) {
    return { says: "unclear", reasons: [`claims authority or instructs: "${authority[0]}"`] };
  }

  const switching = matchesAny(clauses, SWITCH).filter((clause) => !NEGATED_SWITCH.test(clause));
  const others = findOtherThings(clauses, quote);
  const conditions = matchesAny(clauses, CONDITION);
  if (switching.length > 0 && others.length > 0 && conditions.length === 0) {
    return { says: "switch", reasons: [`asks for something else: ${others.join(", ")}`] };
  }

  const withdrawal = readWithdrawal(scanned, clauses);
  if (withdrawal) return withdrawal;

  // A declining clause asks for nothing: "I'll hold on to them" is not "hold on".
  const question = findQuestion(
    scanned,
    clauses.filter((clause) => !DECLINE_CLAUSE.test(clause)),
  );
  if (question !== null) {
    if (REQUEST_AS_QUESTION.test(clauses[0] ?? "")) {
      return { says: "unclear", reasons: ["a request to proceed asked as a question"] };
    }
    const onlyYesOrNo = clauses.every(
      (clause) =>
        RESUME_CLAUSE.test(clause) || DECLINE_CLAUSE.test(clause) || COURTESY_CLAUSE.test(clause),
    );
    if (onlyYesOrNo && !matchesAny(clauses, INFO_OR_HOLD).length) {
      return {
        says: "unclear",
        reasons: [`a yes or no asked back is not an answer (${question})`],
      };
    }
    return { says: "question", reasons: [question] };
  }

  const decline = readDecline(scanned, clauses);
  if (decline) return decline;

  const hedges = [
    ...conditions.map((clause) => `hedges or sets a condition: "${clause}"`),
    ...matchesAny(clauses, SARCASM).map((clause) => `sarcasm marker: "${clause}"`),
  ];
  if (scanned.text.includes("/s")) hedges.push("sarcasm marker: /s");
  if (hedges.length > 0) return { says: "unclear", reasons: hedges };

  if (findYesBlockers(scanned, clauses, CONFIRM_CLAUSE).length === 0) {
    if (clauses.some((clause) => AFFIRMING.test(clause))) {
      return { says: "yes", reasons: [`plain yes: "${clauses.join(", ")}"`] };
    }
  }
  const resumeBlockers = findYesBlockers(scanned, clauses, RESUME_CLAUSE);
  if (resumeBlockers.length === 0) {
    if (clauses.some((clause) => RESUMING.test(clause))) {
      return { says: "carry_on", reasons: [`asks to carry on: "${clauses.join(", ")}"`] };
    }
    return { says: "unclear", reasons: ["courtesy without a yes"] };
  }
  return { says: "unclear", reasons: resumeBlockers };
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
 */
export function classifyMessage(input: {
  text: string;
  openAction: OpenActionSummary | null;
}): MessageClassification {
  const { openAction } = input;
  if (openAction === null) return { intent: "other", reasons: ["no open pending action"] };
  const quote = describeQuote(openAction);
  const reading = readMessage(
    scanMessage(input.text, (text) => markAmount(text, quote)),
    quote,
  );
  const allowed = allowedIntents(openAction.status);
  const intent = INTENTS_FOR_READING[reading.says].find((candidate) => allowed.includes(candidate));
  if (intent !== undefined) return { intent, reasons: reading.reasons };
  if (reading.says === "unclear") return { intent: "other", reasons: reading.reasons };
  return {
    intent: "other",
    reasons: [...reading.reasons, `nothing it can do while the refund is ${openAction.status}`],
  };
}
