import { AGENT_REPLY_CATALOGS } from "./catalogs/agent-replies";
import { knownSentences } from "./catalogs/known-sentences";
import { type ClaimFacts, latestActionIn, UNDECIDED_STATUSES } from "./claim-facts";
import { sentenceKey, splitClaimSentences } from "./claim-sentences";
import type { Language } from "./languages";
import { findMoneyMentions } from "./money-mentions";
import { isForeignText } from "./sentence-language";
import { findTimelineMentions } from "./timeline-mentions";

/*
 * The closed set of free-written sentences about money, outcomes or time that the check can read
 * with certainty, each true only against the records: a conditional about what happens once an
 * approver decides, the open quote's own amount, an order's real dates, and a question that
 * asserts nothing, and a few fixed sentences that claim nothing. Any other sentence that talks
 * about money is refused.
 */

const TEMPLATES: readonly ((key: string, facts: ClaimFacts) => boolean)[] = [
  readsAsApprovalConditional,
  readsAsConfirmConditional,
  readsAsOpenQuote,
  readsAsOrderDate,
];

/**
 * Whether a sentence that talks about money is one of the forms the check reads, and true. The
 * fixed sentences are known in English and in the conversation's language; the templates read
 * English only, so in another language money is stated through rendered statements.
 */
export function readsAsTrueStatement(sentence: string, facts: ClaimFacts): boolean {
  if (isKnownSentence(sentence, "en") || isKnownSentence(sentence, facts.language)) return true;
  if (isForeignText(sentence)) return false;
  const key = sentenceKey(sentence);
  if (/\?\s*$/u.test(sentence.trim())) return readsAsNeutralQuestion(key);
  return TEMPLATES.some((template) => template(key, facts));
}

const KNOWN_KEYS = new Map<Language, ReadonlySet<string>>();

/*
 * The sentences code writes in its own words that claim nothing about money: the fixed
 * sentences, and every sentence of the offline agent's replies that has no value filled in (a
 * sentence with an order number or item names in it is read like any other).
 */
function fixedSentences(language: Language): string[] {
  const agentSentences = Object.values(AGENT_REPLY_CATALOGS[language])
    .flatMap((message) => splitClaimSentences(message))
    .filter((sentence) => !/[{}]/u.test(sentence));
  return [...Object.values(knownSentences(language)), ...agentSentences];
}

// A fixed text may hold several sentences ("…受け付けられません。返金を…"): each is known.
export function isKnownSentence(text: string, language: Language): boolean {
  let keys = KNOWN_KEYS.get(language);
  if (!keys) {
    const sentences = fixedSentences(language).flatMap(splitClaimSentences);
    keys = new Set(sentences.map(sentenceKey));
    KNOWN_KEYS.set(language, keys);
  }
  const known = keys;
  const sentences = splitClaimSentences(text);
  return sentences.length > 0 && sentences.every((sentence) => known.has(sentenceKey(sentence)));
}

const WHEN = "(?:once|when|after|as soon as|if)";
const APPROVER =
  "(?:an? |the |our )?(?:approver|team(?: member)?|staff(?: member)?|reviewer|manager|person|colleague)s?";
const APPROVES = "(?:approves?|has approved|signs? off(?: on)?)";
const THING = "(?: (?:it|this|that|the refund|your refund|the request|your request))?";
const GOES =
  "(?:the |your )?(?:refund|money) (?:will go|goes|will be sent|is sent|will be returned|is returned) (?:back )?to (?:your |the )?";

const APPROVAL_CONDITIONAL = new RegExp(
  `^${WHEN} ${APPROVER} ${APPROVES}${THING},? ${GOES}(?<target>[\\p{L}\\p{N} •*-]{1,40})$`,
  "u",
);

// "Once an approver approves it, the refund goes back to your Visa": true while a refund here
// is still undecided, and only to where that refund would go.
function readsAsApprovalConditional(key: string, facts: ClaimFacts): boolean {
  const match = APPROVAL_CONDITIONAL.exec(key);
  if (!match?.groups) return false;
  const undecided = facts.actions.filter((action) => UNDECIDED_STATUSES.includes(action.status));
  const target = words(match.groups.target ?? "");
  const generic = new Set(["original", "payment", "method", "card", "account"]);
  return undecided.some((action) => {
    const allowed = new Set([...generic, ...words(action.quote.refundTarget)]);
    return target.length > 0 && target.every((word) => allowed.has(word));
  });
}

const CONFIRM_CONDITIONAL =
  /^(?:if|once|when|after) you (?:confirm|accept)(?: it| the quote| this quote| the refund| this refund)?,? (?:it|the refund|your refund|the request|the quote) (?:will go|goes|is sent|will be sent|will be passed) to (?:our|the) team for (?:approval|review)$/u;

// Only true when the open quote itself needs an approver: otherwise a yes pays at once.
function readsAsConfirmConditional(key: string, facts: ClaimFacts): boolean {
  if (!CONFIRM_CONDITIONAL.test(key)) return false;
  const open = latestActionIn(facts, ["awaiting_confirmation"]);
  return open?.needsApproval === true;
}

const OPEN_QUOTE =
  /^(?:your |the )?(?:quote|refund quote|offer|refund offer)(?: for (?<items>[\p{L}\p{N} ,&'-]+?))? (?:is|comes to|totals) (?:for )?(?<amount>[^,;]+)$/u;

// "Your quote for the socks is $12.60": the current quote's own amount and items (waiting for
// the customer's answer, or paused), nothing else.
function readsAsOpenQuote(key: string, facts: ClaimFacts): boolean {
  const match = OPEN_QUOTE.exec(key);
  const open = latestActionIn(facts, ["awaiting_confirmation", "suspended"]);
  if (!match?.groups || !open) return false;
  const amountText = (match.groups.amount ?? "").trim();
  const mentions = findMoneyMentions(amountText);
  const [mention] = mentions;
  if (mentions.length !== 1 || mention?.kind !== "amount" || mention.text.trim() !== amountText) {
    return false;
  }
  const currencyOk =
    mention.currency === null ||
    mention.currency === open.quote.currency ||
    (mention.currency === "dollar" && ["USD", "CAD", "AUD", "NZD"].includes(open.quote.currency));
  if (mention.cents !== open.quote.netRefundCents || !currencyOk) return false;
  const named = words(match.groups.items ?? "").filter((word) => !FILLER.has(word));
  const known = new Set([
    ...open.quote.lines.flatMap((line) => words(line.name)),
    ...words(open.quote.orderNumber),
  ]);
  return named.every((word) => known.has(word));
}

const FILLER = new Set(["the", "your", "and", "order", "of", "a", "an"]);

const ORDER_DATE =
  /^(?:your )?order(?: (?<number>[\p{L}\p{N}-]+))? was (?<what>placed|delivered) on (?<date>.+)$/u;

// "Your order B2001 was delivered on March 3, 2026": a date the records hold for that order.
function readsAsOrderDate(key: string, facts: ClaimFacts): boolean {
  const match = ORDER_DATE.exec(key);
  if (!match?.groups) return false;
  const date = readCalendarDate(match.groups.date ?? "");
  if (!date) return false;
  const number = match.groups.number?.toLowerCase();
  const orders = facts.orders.filter(
    (order) => number === undefined || order.orderNumber.toLowerCase() === number,
  );
  return orders.some((order) => {
    const when = match.groups?.what === "placed" ? order.placedAt : order.deliveredAt;
    return (
      when !== null &&
      when.getUTCMonth() === date.month &&
      when.getUTCDate() === date.day &&
      (date.year === undefined || when.getUTCFullYear() === date.year)
    );
  });
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

type CalendarDate = { year?: number; month: number; day: number };

/** "2026-03-03", "march 3", "march 3rd, 2026", "3 march 2026", "mar 3": one day, or null. */
export function readCalendarDate(text: string): CalendarDate | null {
  const trimmed = text.trim().toLowerCase();
  const iso = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/u.exec(trimmed);
  if (iso) return calendar(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const monthFirst = /^([a-z]+)\.? ([0-9]{1,2})(?:st|nd|rd|th)?(?:,? ([0-9]{4}))?$/u.exec(trimmed);
  const dayFirst = /^([0-9]{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)(?:,? ([0-9]{4}))?$/u.exec(
    trimmed,
  );
  const [monthName, day, year] = monthFirst
    ? [monthFirst[1], monthFirst[2], monthFirst[3]]
    : dayFirst
      ? [dayFirst[2], dayFirst[1], dayFirst[3]]
      : [];
  if (monthName === undefined || day === undefined) return null;
  const month = MONTHS.findIndex(
    (name) => name === monthName || (monthName.length >= 3 && name.startsWith(monthName)),
  );
  if (month === -1) return null;
  return calendar(year === undefined ? undefined : Number(year), month, Number(day));
}

function calendar(year: number | undefined, month: number, day: number): CalendarDate | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  return year === undefined ? { month, day } : { year, month, day };
}

const QUESTION_START =
  /^(?:which|what|would|could|can|do|does|did|shall|should|how|is there|are there|may|where|who|have you|has it|will you)\b/u;
const ASSERTED_OUTCOME =
  /\b(?:refunded|reimbursed|paid|credited|approved|authori[sz]ed|issued|processed|confirmed|sent|transferred|deposited|completed|done|finished|received|arrived|went|gone|already|guarantee|promise)/u;

// A question asks; it may name a refund, but never an amount, a proportion, a date or an outcome
// as if it had happened.
function readsAsNeutralQuestion(key: string): boolean {
  if (!QUESTION_START.test(key)) return false;
  if (findMoneyMentions(key).length > 0 || findTimelineMentions(key).length > 0) return false;
  if (/[0-9%\p{Sc}]/u.test(key)) return false;
  if (/\b(?:full|fully|entire|whole|total|percent|half|double)\b/u.test(key)) return false;
  return !ASSERTED_OUTCOME.test(key);
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) =>
    word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word,
  );
}
