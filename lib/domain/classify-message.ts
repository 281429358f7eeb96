import { type Category, PHRASES, TYPO_TARGETS } from "./classify-message-lexicon";
import { isEditDistanceAtMostOne } from "./edit-distance";
import type { PendingActionStatus } from "./pending-action-status";

export type MessageIntent = "confirm" | "decline" | "interrupt" | "replace" | "resume" | "other";

export type OpenActionSummary = {
  status: PendingActionStatus;
  itemNames: readonly string[];
  lineIds: readonly string[];
};

export type MessageClassification = { intent: MessageIntent; reasons: string[] };

/**
 * What a customer message may do to an action in each status. Only a quote on screen can be
 * confirmed; a suspended one can only be resumed (and then confirmed afresh); once an approver
 * has it the customer can still withdraw or replace it; after that nothing they write counts.
 */
const INTENTS_BY_STATUS: Readonly<Record<PendingActionStatus, readonly MessageIntent[]>> = {
  proposed: ["replace"],
  awaiting_confirmation: ["confirm", "decline", "interrupt", "replace"],
  suspended: ["resume", "decline", "replace"],
  awaiting_approval: ["decline", "replace"],
  approved: [],
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

const MAX_PHRASE_WORDS = 4;
const NEGATORS = new Set(["don't", "dont", "do not", "not", "never"]);

/** Messages that are a polite request to proceed rather than a question. */
const POLITE_REQUEST =
  /^(please )?(can|could|would|will) you (please )?(go ahead|proceed|process it|do it|refund it)( with (it|this|the refund))?( please)?$/;
/** "No, not the socks, the jacket". */
const NOT_THIS_BUT_THAT = /\bnot (the|my) [\p{L}\s]+, (the|my) \p{L}+/u;
/** "Forget the jacket, I want the earbuds" / "never mind the socks, refund the jacket". */
const DROP_AND_ASK =
  /\b(forget|never mind)( about)? (the|my) .+\b(want|return|refund|rather|instead)\b/u;
/** Characters of markup, code or key=value payloads: not how people confirm. */
const MARKUP = /[<>{}[\]=|`\\]/;

type Token = { text: string; category: Category | "item" | "number" | "unknown" };

function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/(\p{L})\1{2,}/gu, "$1$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words, keeping ids and compounds whole: "b2001-2", "pour-over", "don't". */
function splitWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:[-_'][\p{L}\p{N}]+)*/gu) ?? [];
}

/** The open action's own item names and line ids: naming them does not change the request. */
function itemWords(openAction: OpenActionSummary): Set<string> {
  const words = new Set<string>();
  const names = openAction.itemNames.map((name) => name.toLowerCase());
  for (const word of names.flatMap((name) => [
    ...splitWords(name),
    ...splitWords(name.replace(/[-_]/g, " ")),
  ])) {
    // A number stays a number even inside a name ("Pack of 3"): amounts never confirm.
    if (/^\p{N}+$/u.test(word)) continue;
    words.add(word);
    words.add(word.endsWith("s") ? word.slice(0, -1) : `${word}s`);
  }
  for (const lineId of openAction.lineIds) words.add(lineId.toLowerCase());
  return words;
}

function correctTypo(word: string): string {
  if (word.length < 4 || PHRASES.has(word)) return word;
  const candidates = TYPO_TARGETS.filter((target) => isEditDistanceAtMostOne(word, target));
  return candidates.length === 1 ? (candidates[0] ?? word) : word;
}

function tokenize(text: string, items: ReadonlySet<string>): Token[] {
  const words = splitWords(text).map((word) => (items.has(word) ? word : correctTypo(word)));
  const tokens: Token[] = [];
  let index = 0;
  while (index < words.length) {
    let matched = false;
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - index); length > 0; length--) {
      const phrase = words.slice(index, index + length).join(" ");
      const category = PHRASES.get(phrase);
      if (category !== undefined) {
        tokens.push({ text: phrase, category });
        index += length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const word = words[index] ?? "";
    const category = items.has(word) ? "item" : /\p{N}/u.test(word) ? "number" : "unknown";
    tokens.push({ text: word, category });
    index += 1;
  }
  // "don't do it", "do not proceed": a negated affirmative is a refusal, not a yes.
  return tokens.map((token, position) =>
    token.category === "affirm" && NEGATORS.has(tokens[position - 1]?.text ?? "")
      ? { ...token, category: "decline" }
      : token,
  );
}

function decide(
  intent: MessageIntent,
  allowed: readonly MessageIntent[],
  reasons: string[],
): MessageClassification {
  if (intent === "other" || allowed.includes(intent)) return { intent, reasons };
  return { intent: "other", reasons: [...reasons, `${intent} is not possible in this state`] };
}

/**
 * Reads a customer message against their open pending action. Deterministic and deliberately
 * strict about `confirm`: it needs an affirmative and nothing else but courtesy, the action's
 * own item names and a few neutral words. Anything that hedges, asks, sets a condition, negates,
 * widens or changes the request, cites someone else's authority, or mentions a number is not a
 * confirmation. A miss costs one more "please reply yes"; a false yes would move money.
 */
export function classifyMessage(input: {
  text: string;
  openAction: OpenActionSummary | null;
}): MessageClassification {
  const { openAction } = input;
  const text = normalize(input.text);
  if (openAction === null) return { intent: "other", reasons: ["no open pending action"] };
  const allowed = allowedIntents(openAction.status);
  const tokens = tokenize(text, itemWords(openAction));
  const found = (category: Token["category"]) =>
    tokens.filter((token) => token.category === category).map((token) => token.text);
  const has = (category: Token["category"]) => found(category).length > 0;

  if (tokens.length === 0) {
    if (text.includes("👎")) return decide("decline", allowed, ["thumbs-down emoji"]);
    return { intent: "other", reasons: ["no words: an emoji alone is not an explicit yes"] };
  }
  if (has("authority")) {
    return {
      intent: "other",
      reasons: [`claims authority or instructs: ${found("authority").join(", ")}`],
    };
  }
  if (MARKUP.test(text)) return { intent: "other", reasons: ["contains markup or code"] };
  if (has("change") || NOT_THIS_BUT_THAT.test(text) || DROP_AND_ASK.test(text)) {
    return decide("replace", allowed, ["changes the request to something else"]);
  }

  const politeRequest = POLITE_REQUEST.test(text.replace(/[.!?]+$/, ""));
  const affirm = has("affirm") || politeRequest;
  const question =
    !politeRequest &&
    (text.includes("?") || has("info") || tokens[0]?.category === "question" || /^is /.test(text));
  if (has("hold")) {
    return decide(openAction.status === "awaiting_confirmation" ? "interrupt" : "other", allowed, [
      `asks to wait: ${found("hold").join(", ")}`,
    ]);
  }
  if (has("decline") && !affirm) {
    if (question && allowed.includes("interrupt")) {
      return { intent: "interrupt", reasons: ["declines but asks a question first"] };
    }
    return decide("decline", allowed, [`declines: ${found("decline").join(", ")}`]);
  }
  if (question) {
    const onlyAffirm = tokens.every((token) => token.category === "affirm");
    const intent = allowed.includes("interrupt") && !onlyAffirm ? "interrupt" : "other";
    return {
      intent,
      reasons: [onlyAffirm ? "a yes with a question mark is not a yes" : "asks a question"],
    };
  }

  const blockers: string[] = [];
  if (has("condition")) blockers.push(`sets a condition: ${found("condition").join(", ")}`);
  if (has("decline")) blockers.push(`also says no: ${found("decline").join(", ")}`);
  if (has("uncertain")) blockers.push(`hedges: ${found("uncertain").join(", ")}`);
  if (has("question") && !politeRequest)
    blockers.push(`asks something: ${found("question").join(", ")}`);
  if (has("widen")) blockers.push(`widens the request: ${found("widen").join(", ")}`);
  if (has("number") || /[$€£%]/.test(text)) blockers.push("mentions an amount or a number");
  if (has("unknown")) blockers.push(`says more than a plain yes: ${found("unknown").join(", ")}`);
  if (blockers.length > 0) return { intent: "other", reasons: blockers };

  if (affirm && openAction.status === "awaiting_confirmation") {
    return {
      intent: "confirm",
      reasons: [`plain affirmative: ${found("affirm").join(", ") || "polite request to proceed"}`],
    };
  }
  if ((affirm || has("resume")) && openAction.status === "suspended") {
    return { intent: "resume", reasons: ["asks to continue; the quote must be confirmed again"] };
  }
  if (affirm || has("resume")) {
    return { intent: "other", reasons: [`nothing to confirm while ${openAction.status}`] };
  }
  return { intent: "other", reasons: ["no affirmative"] };
}
